// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The file actions are performed in the order they were added: open A
 * on 5, dup2 5 to 6, close 5, open B on 5. The child writes "six" to 6
 * and "five" to 5: A must hold "six" and B "five"; any other order
 * leaves a different picture (6 on B, or 5 closed).
 */
#include "pts_spawn20.h"

static int child(void)
{
	if (write(6, "six", 3) != 3 || write(5, "five", 4) != 4)
		PTS_FAILED("child: write: %s", strerror(errno));
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	char a[64], b[64], buf[16];

	(void)argv;
	if (argc > 1)
		return child();
	close(5);
	close(6);
	snprintf(a, sizeof(a), "/tmp/posix_spawn_9-1.a.%d", (int)getpid());
	snprintf(b, sizeof(b), "/tmp/posix_spawn_9-1.b.%d", (int)getpid());
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_addopen(&fa, 5, a, O_WRONLY | O_CREAT | O_TRUNC, 0600) ||
	    posix_spawn_file_actions_adddup2(&fa, 5, 6) ||
	    posix_spawn_file_actions_addclose(&fa, 5) ||
	    posix_spawn_file_actions_addopen(&fa, 5, b, O_WRONLY | O_CREAT | O_TRUNC, 0600))
		PTS_UNRES("file actions set-up failed");
	pts_spawn_run(&fa, NULL, "child", NULL);
	pts_spawn_slurp(a, buf, sizeof(buf));
	if (strcmp(buf, "six"))
		PTS_FAILED("A holds \"%s\", expected six", buf);
	pts_spawn_slurp(b, buf, sizeof(buf));
	if (strcmp(buf, "five"))
		PTS_FAILED("B holds \"%s\", expected five", buf);
	unlink(a);
	unlink(b);
	posix_spawn_file_actions_destroy(&fa);
	PTS_PASSED("open, dup2, close, open performed in the order added");
}
