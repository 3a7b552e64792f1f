/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB */
#include "config.h"
#include "pat-rules.h"
int
main (int argc, char *argv[])
{
  return 2;
}
