/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result classes of doc/records.md, shared by the executor that
 * decides them and the report tool that reads them back.
 */
#ifndef RESULT_CLASS_H
#define RESULT_CLASS_H

enum result_class {
	RC_PASS,
	RC_FAIL,
	RC_BROKEN,
	RC_WARNING,
	RC_SKIPPED,
	RC_COUNT
};

/* Names as they appear in records: "pass", "fail", ... */
const char *rc_name(enum result_class rc);
/* Labels of the logs and the console: "PASS", "FAIL", "BROK", "WARN", "CONF" */
const char *rc_label(enum result_class rc);
/* The class named name, or -1. */
int rc_from_name(const char *name);

#endif /* RESULT_CLASS_H */
