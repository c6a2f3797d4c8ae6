/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-app-id.h: the application's id (its D-Bus name, settings schema, data files) */
#pragma once

#define TRIO_APP_ID "io.github.triogames.Trio"
