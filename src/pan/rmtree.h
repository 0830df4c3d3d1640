/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef RMTREE_H
#define RMTREE_H

/*
 * Remove path and everything below it without following symlinks or
 * descending into other filesystems (a test may leave a mount behind;
 * its contents are not ours to delete). Unreadable directories are made
 * readable first. Returns 0, or -1 with a message on stderr.
 */
int rmtree(const char *path);

#endif /* RMTREE_H */
