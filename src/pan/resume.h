/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Continuing a run (-c): the tests of the plan that already have a record
 * in the records file are not run again. The run record of the file must
 * name the same plan; a run that has none (a file of another version) or
 * another one cannot be continued.
 */
#ifndef RESUME_H
#define RESUME_H

#include "plan.h"

/*
 * Mark the items of p recorded in path as done; *failed counts those that
 * failed or broke. Returns how many, or -1 after printing why the file
 * cannot be continued.
 */
long resume_mark_done(const char *path, struct plan *p,
		      unsigned int *failed);

#endif /* RESUME_H */
