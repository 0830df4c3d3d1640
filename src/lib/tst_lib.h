/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internals shared by the library's files; tests never include this. */
#ifndef TST_LIB_H
#define TST_LIB_H

#include "tst_test.h"

/*
 * Lives in a MAP_SHARED page created before the test process is forked, so
 * results from the test, its children and the harness add up in one place.
 */
struct tst_shared {
	int passed;
	int failed;
	int broken;
	int skipped;
	int warnings;
	int cleanup_started;
	int checkpoints[TST_CHECKPOINT_MAX];	/* futex words, always 0 */
};

extern struct tst_shared *tst_shared;
extern struct tst_test *tst_self;
extern const char *tst_name;		/* basename of argv[0] */
extern pid_t tst_main_pid;		/* the process running setup/test */
extern pid_t tst_harness_pid;		/* the process that forked it */

/* Called by tst_brk in the harness process: undo services, summary, exit. */
void tst_harness_exit(void) __attribute__((noreturn));
/* Called by tst_brk in the test's main process: cleanup once, exit. */
void tst_run_cleanup_once(void);

void tst_res_count(int ttype);
int tst_exit_value(void);
void tst_print_summary(void);

void tst_check_requirements(struct tst_test *t);

/* .taint_check, in the harness around each test process (tst_taint.c) */
unsigned long tst_taint_read(void);
void tst_taint_verdict(unsigned long before, unsigned long mask);

char *tst_tmpdir_create(void);
void tst_tmpdir_remove(const char *path);

void tst_device_setup(struct tst_test *t);
void tst_device_release(void);
const char *tst_device_new_loop(const char *fs, unsigned long mb);
void tst_device_mount_at(const char *src, const char *path,
			 const char *type, const char *data);

int tst_cmd_in_path(const char *cmd);

/* tst_fs_matrix.c */
extern const char *tst_res_label;	/* "xfs": lines say "[xfs] " */
unsigned int tst_fs_matrix_count(const struct tst_test *t);
void tst_fs_matrix_print_meta(const struct tst_test *t);
/* Runs run_one() once per filesystem, each set up and torn down here. */
void tst_fs_matrix_run(struct tst_test *t, void (*run_one)(void));
int tst_fs_matrix_timeout(const struct tst_test *t, int per_fs);
extern char tst_fs_mnt_path[];		/* the test's cwd in a matrix run */
int tst_matrix_stop(void);		/* a stop signal came: no more runs */

void tst_hugepages_reserve(struct tst_test *t);
void tst_hugepages_restore(void);

void tst_sys_conf_save(const struct tst_path_val *pv);
void tst_sys_conf_restore(void);

unsigned int tst_checkpoint_default_msec(void);

#endif /* TST_LIB_H */
