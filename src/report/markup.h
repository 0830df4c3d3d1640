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
 * Escape for element content and attribute values alike. Invalid UTF-8
 * and control characters (other than tab and newlines, which XML 1.0
 * does not allow even as references) become U+FFFD.
 */
void markup_escape(FILE *f, const char *s, size_t len);
void markup_escapes(FILE *f, const char *s);

#endif /* MARKUP_H */
