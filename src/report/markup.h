/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text from the records in HTML and XML: test output is arbitrary bytes,
 * and both pages must stay well formed and valid UTF-8 whatever a test
 * printed.
 */
#ifndef MARKUP_H
#define MARKUP_H

#include <stddef.h>
#include <stdio.h>

/*
 * Escape for element content and attribute values alike. Invalid UTF-8,
 * control characters (other than tab and newlines; XML 1.0 does not
 * allow them even as references) and C1 controls become U+FFFD;
 * terminal escape sequences (CSI colours, OSC titles) are left out.
 */
void markup_escape(FILE *f, const char *s, size_t len);
void markup_escapes(FILE *f, const char *s);

/*
 * ltp-report --escape-html: all of in, escaped as above, to out (one
 * piece, so that a UTF-8 sequence is never split). Returns 0, or -1
 * after saying why on stderr.
 */
int markup_escape_stream(FILE *in, FILE *out);

#endif /* MARKUP_H */
