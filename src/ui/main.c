/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB */
#include "config.h"
#include <adwaita.h>
int
main (int argc, char *argv[])
{
  return 0;
}
