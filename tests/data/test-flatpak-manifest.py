#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest against the build: usage: test-flatpak-manifest.py SOURCE_ROOT

The manifest must parse, name the application id of the sources, the desktop file, the
metainfo and the icons, run the executable the build installs, build this checkout (its last
commit) with Meson using only options that meson_options.txt defines, with the server (the
application hosts games in-process), build every other module from a pinned archive (https, its
sha256: Avahi's client, which the GNOME runtime lacks, before Trio), and ask for the smallest
sandbox: no file system, no session-wide D-Bus access; the network and Avahi's system bus name
only, for games between machines (docs/application.md, "Games on the local network"), and the
sound server for the moves' sounds (docs/application.md, "Sounds").
"""

import json
import os
import re
import sys

MANIFEST = os.path.join('flatpak', 'io.github.triogames.Trio.json')
ALLOWED_FINISH_ARGS = {
    '--share=ipc',
    '--share=network',
    '--socket=fallback-x11',
    '--socket=wayland',
    '--socket=pulseaudio',
    '--device=dri',
    '--system-talk-name=org.freedesktop.Avahi',
}

errors = []


def fail(message):
    errors.append(message)


def read(root, path):
    with open(os.path.join(root, path), encoding='utf-8') as f:
        return f.read()


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 99
    root = sys.argv[1]

    try:
        manifest = json.loads(read(root, MANIFEST))
    except (OSError, ValueError) as e:
        print(f'FAIL: {MANIFEST} does not parse: {e}', file=sys.stderr)
        return 1

    # The application id: the manifest, the C sources, the data files' names.
    app_id = manifest.get('id', manifest.get('app-id'))
    header = read(root, 'src/app/trio-app-id.h')
    m = re.search(r'#define\s+TRIO_APP_ID\s+"([^"]+)"', header)
    if m is None:
        fail('TRIO_APP_ID is not defined in src/app/trio-app-id.h')
    elif app_id != m.group(1):
        fail(f'the manifest id {app_id!r} is not TRIO_APP_ID {m.group(1)!r}')
    if os.path.basename(MANIFEST) != f'{app_id}.json':
        fail(f'the manifest file is not named after its id {app_id!r}')
    for data_file in (f'data/{app_id}.desktop.in', f'data/{app_id}.metainfo.xml.in',
                      f'data/{app_id}.gschema.xml',
                      f'data/icons/hicolor/scalable/apps/{app_id}.svg',
                      f'data/icons/hicolor/symbolic/apps/{app_id}-symbolic.svg'):
        if not os.path.isfile(os.path.join(root, data_file)):
            fail(f'{data_file} is missing: the data files must be named after {app_id!r}')
    metainfo_path = os.path.join(root, f'data/{app_id}.metainfo.xml.in')
    if os.path.isfile(metainfo_path):
        metainfo = read(root, f'data/{app_id}.metainfo.xml.in')
        if f'<id>{app_id}</id>' not in metainfo:
            fail(f'the metainfo does not have <id>{app_id}</id>')
        if f'<launchable type="desktop-id">{app_id}.desktop</launchable>' not in metainfo:
            fail(f'the metainfo does not launch {app_id}.desktop')

    # The command: the executable src/app/meson.build builds, the desktop file's Exec.
    command = manifest.get('command')
    exes = re.findall(r"executable\(\s*'([^']+)'", read(root, 'src/app/meson.build'))
    if not exes:
        fail('src/app/meson.build builds no executable')
    elif command != exes[0]:
        fail(f'the manifest command {command!r} is not the executable {exes[0]!r}')
    desktop_path = os.path.join(root, f'data/{app_id}.desktop.in')
    if os.path.isfile(desktop_path):
        desktop = read(root, f'data/{app_id}.desktop.in')
        exec_line = re.search(r'^Exec=(\S+)', desktop, re.M)
        if exec_line is None or exec_line.group(1) != command:
            fail(f'the desktop file does not run {command!r}')
        icon = re.search(r'^Icon=(\S+)', desktop, re.M)
        if icon is None or icon.group(1) != app_id:
            fail(f'the desktop file\'s icon is not {app_id!r}')

    # The runtime.
    if manifest.get('runtime') != 'org.gnome.Platform':
        fail('the runtime is not org.gnome.Platform')
    if manifest.get('sdk') != 'org.gnome.Sdk':
        fail('the SDK is not org.gnome.Sdk')
    if not str(manifest.get('runtime-version', '')):
        fail('the runtime has no version')

    # The sandbox.
    finish_args = manifest.get('finish-args', [])
    for arg in finish_args:
        if arg.startswith(('--filesystem', '--persist')):
            fail(f'{arg}: the application needs no file system access beyond portals')
        elif arg not in ALLOWED_FINISH_ARGS:
            fail(f'{arg}: not in the smallest sandbox ({", ".join(sorted(ALLOWED_FINISH_ARGS))})')
    for arg in ('--socket=wayland', '--socket=fallback-x11'):
        if arg not in finish_args:
            fail(f'{arg} is missing: the window cannot open')
    for arg in ('--share=network', '--system-talk-name=org.freedesktop.Avahi'):
        if arg not in finish_args:
            fail(f'{arg} is missing: games between machines cannot be hosted nor found')

    # The other modules: pinned archives, built before Trio.
    names = [m.get('name') for m in manifest.get('modules', []) if isinstance(m, dict)]
    if 'avahi' not in names or 'trio' not in names or names.index('avahi') > names.index('trio'):
        fail('no avahi module before the trio module (the GNOME runtime has no Avahi client)')
    for module in manifest.get('modules', []):
        if not isinstance(module, dict) or module.get('name') == 'trio':
            continue
        for source in module.get('sources', []):
            urls = [source.get('url', '')] + source.get('mirror-urls', [])
            if source.get('type') not in ('archive', 'file', 'patch'):
                fail(f'module {module.get("name")}: a {source.get("type")} source, not a pinned '
                     'archive')
            elif 'url' in source and not re.match(r'^[0-9a-f]{64}$', source.get('sha256', '')):
                fail(f'module {module.get("name")}: {source["url"]} has no sha256')
            elif any(not u.startswith('https://') for u in urls if u):
                fail(f'module {module.get("name")}: a source not fetched over https')

    # The module that builds Trio: Meson, this source tree, known options.
    options = set(re.findall(r"option\(\s*'([^']+)'", read(root, 'meson_options.txt')))
    modules = [m for m in manifest.get('modules', []) if isinstance(m, dict)
               and m.get('name') == 'trio']
    if len(modules) != 1:
        fail('the manifest has no module named trio')
    else:
        module = modules[0]
        if module.get('buildsystem') != 'meson':
            fail('the trio module is not built with meson')
        sources = module.get('sources', [])
        # A git source takes the checkout's last commit, and nothing else: a "dir" source
        # copied every stray build folder of the developer's into the build.
        if not any(s.get('type') == 'git' and s.get('branch') == 'HEAD' and
                   os.path.normpath(os.path.join(root, 'flatpak', s.get('path', ''))) ==
                   os.path.normpath(root) for s in sources):
            fail('the trio module does not build this checkout (a git source with path ".." '
                 'and branch "HEAD")')
        for opt in module.get('config-opts', []):
            if not opt.startswith('-D'):
                continue
            name = opt[2:].split('=', 1)[0]
            if name not in options and not re.match(r'^(b_|c_|buildtype$|prefix$|werror$)',
                                                      name):
                fail(f'config-opts: {opt}: meson_options.txt has no option {name!r}')
        if '-Dtests=false' not in module.get('config-opts', []):
            fail('config-opts: a release build sets -Dtests=false (Check is not in the runtime)')
        if '-Dserver=false' in module.get('config-opts', []):
            fail('config-opts: -Dserver=false, but the application hosts games in-process')

    for e in errors:
        print(f'FAIL: {e}', file=sys.stderr)
    if not errors:
        print(f'{MANIFEST}: id {app_id}, command {command}, finish-args {" ".join(finish_args)}: OK')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
