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

/*
 * Empty the directory path the same way, leaving path itself. Returns
 * 0 when it is now empty, -1 when something stayed (a mount point, a
 * file that could not go) or path is no directory of its own.
 */
int rmtree_contents(const char *path);

#endif /* RMTREE_H */
