/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The robust futex list of the get_robust_list and set_robust_list
 * tests: raw calls (glibc registers its own list for every thread and
 * offers no wrapper), and a lock laid out as the kernel walks it: a list
 * entry followed, futex_offset bytes on, by the 32-bit futex word.
 */
#ifndef ROBUST_LIST_H
#define ROBUST_LIST_H

#include <stddef.h>
#include <linux/futex.h>
#include "tst_test.h"

struct rl_lock {
	struct robust_list list;
	uint32_t futex;
};

static inline long sys_set_robust_list(struct robust_list_head *head,
				       size_t len)
{
	return tst_syscall(__NR_set_robust_list, head, len);
}

static inline long sys_get_robust_list(int pid,
				       struct robust_list_head **head,
				       size_t *len)
{
	return tst_syscall(__NR_get_robust_list, pid, head, len);
}

/* An empty list: the head points to itself. */
static inline void rl_init(struct robust_list_head *head)
{
	head->list.next = &head->list;
	head->futex_offset = offsetof(struct rl_lock, futex) -
			     offsetof(struct rl_lock, list);
	head->list_op_pending = NULL;
}

/* Put lock at the front of the list. */
static inline void rl_add(struct robust_list_head *head, struct rl_lock *lock)
{
	lock->list.next = head->list.next;
	head->list.next = &lock->list;
}

#endif /* ROBUST_LIST_H */
