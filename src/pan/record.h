/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result records file (doc/records.md): JSON lines, each written with
 * one write() and fsync()ed at once, so a run that dies keeps every
 * finished test. An optional mirror (a guest's serial port) gets the same
 * lines so the host has them even if the guest never syncs its disk.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stddef.h>

#include "runtest.h"
#include "test_result.h"

/* Returns 0, or -1 after printing why. mirror may be NULL. */
int record_open(const char *path, const char *mirror);
void record_run(const char *version, char *const *runtest, size_t n);
void record_test(const struct test_entry *t, const struct test_result *r);
void record_end(int interrupted);

#endif /* RECORD_H */
