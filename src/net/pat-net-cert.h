/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host's TLS certificate: made once with GnuTLS, kept in the user data folder, pinned by
 * its fingerprint. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The fingerprint's length: SHA-256 in lowercase hexadecimal. */
#define PAT_NET_FINGERPRINT_LENGTH 64

char            *pat_net_cert_default_dir    (void);
GTlsCertificate *pat_net_cert_load_or_create (const char      *dir,
                                              GError         **error);
char            *pat_net_cert_fingerprint    (GTlsCertificate *certificate);
gboolean         pat_net_fingerprint_valid   (const char      *fingerprint);
/* Its first 16 digits, upper case, in groups of four: "3F9A 12C0 77B1 0E4D". */
char            *pat_net_fingerprint_short   (const char      *fingerprint);

G_END_DECLS
