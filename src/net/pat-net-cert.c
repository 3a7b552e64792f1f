/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host's TLS certificate: made once with GnuTLS, kept in the user data folder, pinned by
 * its fingerprint. */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#include <glib/gstdio.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "pat-net-cert.h"
#include "pat-net-message.h"

#define CERT_FILE "host-certificate.pem"
/* The certificate names no host: players pin it by fingerprint, not by a name a CA vouched
 * for, so it may last; a new one would only make every player's pin stale. */
#define VALID_YEARS 20
#define P256_BITS GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1)

/**
 * pat_net_cert_default_dir:
 *
 * Returns: (transfer full): where the host's certificate is kept: the app's folder in the
 *   user data folder, subfolder net
 */
char *
pat_net_cert_default_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), DATA_FOLDER, "net", NULL);
}

static gboolean
gnutls_failed (int      status,
               GError **error)
{
  if (status >= 0)
    return FALSE;
  g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
               "cannot make the host's certificate: %s", gnutls_strerror (status));
  return TRUE;
}

/* A new ECDSA P-256 key and a self-signed certificate for it, both in PEM (the key as PKCS#8,
 * which g_tls_certificate_new_from_pem() reads), certificate first. */
static char *
make_pem (GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t crt_pem = { NULL, 0 };
  gnutls_datum_t key_pem = { NULL, 0 };
  static const char common_name[] = "Patience match host";
  guint8 serial[16];
  time_t now = time (NULL);
  char *pem = NULL;

  if (gnutls_failed (gnutls_x509_privkey_init (&key), error) ||
      gnutls_failed (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA, P256_BITS, 0), error) ||
      gnutls_failed (gnutls_x509_crt_init (&crt), error) ||
      gnutls_failed (gnutls_rnd (GNUTLS_RND_NONCE, serial, sizeof serial), error))
    goto out;
  serial[0] &= 0x7f;   /* a positive serial number */
  if (gnutls_failed (gnutls_x509_crt_set_version (crt, 3), error) ||
      gnutls_failed (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error) ||
      gnutls_failed (gnutls_x509_crt_set_activation_time (crt, now - 24 * 3600), error) ||
      gnutls_failed (gnutls_x509_crt_set_expiration_time (crt, now + VALID_YEARS * 365 * 24 * 3600),
                     error) ||
      gnutls_failed (gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0,
                                                    common_name, strlen (common_name)), error) ||
      gnutls_failed (gnutls_x509_crt_set_key (crt, key), error) ||
      gnutls_failed (gnutls_x509_crt_set_basic_constraints (crt, 0, -1), error) ||
      gnutls_failed (gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE), error) ||
      gnutls_failed (gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0),
                     error) ||
      gnutls_failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error) ||
      gnutls_failed (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &crt_pem), error) ||
      gnutls_failed (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                        GNUTLS_PKCS_PLAIN, &key_pem), error))
    goto out;

  pem = g_strdup_printf ("%.*s%.*s", (int) crt_pem.size, (const char *) crt_pem.data,
                         (int) key_pem.size, (const char *) key_pem.data);

out:
  if (key_pem.data != NULL)
    {
      gnutls_memset (key_pem.data, 0, key_pem.size);
      gnutls_free (key_pem.data);
    }
  gnutls_free (crt_pem.data);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  return pem;
}

/**
 * pat_net_cert_load_or_create:
 * @dir: the folder of the certificate (pat_net_cert_default_dir())
 * @error: return location for a #PAT_NET_ERROR_FAILED
 *
 * Loads the host's certificate and key from @dir, first making them if there are none: the
 * folder is made readable by its owner only (0700), the file too (0600), written atomically.
 *
 * Returns: (transfer full) (nullable): the certificate with its private key
 */
GTlsCertificate *
pat_net_cert_load_or_create (const char  *dir,
                             GError     **error)
{
  g_autofree char *path = g_build_filename (dir, CERT_FILE, NULL);
  g_autofree char *pem = NULL;
  g_autoptr(GError) local = NULL;
  GTlsCertificate *certificate;
  gsize length;

  if (!g_file_get_contents (path, &pem, &length, &local))
    {
      if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                       "cannot read the host's certificate: %s", local->message);
          return NULL;
        }
      g_clear_error (&local);
      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int saved = errno;

          g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                       "cannot make the folder %s: %s", dir, g_strerror (saved));
          return NULL;
        }
      pem = make_pem (error);
      if (pem == NULL)
        return NULL;
      length = strlen (pem);
      if (!g_file_set_contents_full (path, pem, (gssize) length,
                                     G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local))
        {
          g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                       "cannot save the host's certificate: %s", local->message);
          return NULL;
        }
    }

  /* The key is the host's identity: whoever reads it can pose as the host. */
  {
    GStatBuf st;

    if (g_stat (path, &st) == 0 && (st.st_mode & 077) != 0)
      g_chmod (path, 0600);
  }
  certificate = g_tls_certificate_new_from_pem (pem, (gssize) length, &local);
  memset (pem, 0, length);
  if (certificate == NULL)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                   "the host's certificate %s cannot be used (move it away to make a new one): "
                   "%s", path, local->message);
      return NULL;
    }
  return certificate;
}

/**
 * pat_net_cert_fingerprint:
 * @certificate: a certificate
 *
 * Returns: (transfer full): the SHA-256 of its DER form, in lowercase hexadecimal
 */
char *
pat_net_cert_fingerprint (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;

  g_object_get (certificate, "certificate", &der, NULL);
  if (der == NULL)
    return g_strnfill (PAT_NET_FINGERPRINT_LENGTH, '0');
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
}

/* Whether @fingerprint is PAT_NET_FINGERPRINT_LENGTH lowercase hexadecimal digits. */
gboolean
pat_net_fingerprint_valid (const char *fingerprint)
{
  guint i;

  for (i = 0; i < PAT_NET_FINGERPRINT_LENGTH; i++)
    if (!g_ascii_isxdigit (fingerprint[i]) || g_ascii_isupper (fingerprint[i]))
      return FALSE;
  return fingerprint[i] == '\0';
}

/**
 * pat_net_fingerprint_short:
 * @fingerprint: a fingerprint (pat_net_fingerprint_valid())
 *
 * The short form of a fingerprint that people read out and compare: its first 16 hexadecimal
 * digits in upper case, in groups of four ("3F9A 12C0 77B1 0E4D"). 64 bits: enough to notice
 * another host, not a proof against one that searched for a look-alike key.
 *
 * Returns: (transfer full): the short form, or "" when @fingerprint is not valid
 */
char *
pat_net_fingerprint_short (const char *fingerprint)
{
  GString *out;
  guint i;

  if (fingerprint == NULL || !pat_net_fingerprint_valid (fingerprint))
    return g_strdup ("");
  out = g_string_new (NULL);
  for (i = 0; i < 16; i++)
    {
      if (i > 0 && i % 4 == 0)
        g_string_append_c (out, ' ');
      g_string_append_c (out, g_ascii_toupper (fingerprint[i]));
    }
  return g_string_free (out, FALSE);
}
