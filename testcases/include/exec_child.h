/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The contract between the exec tests and execve_child, the program they
 * execute: what argv and envp they pass, and what its exit codes mean. A
 * test finds the program next to its own binary (the build directory or
 * the installed testcases/bin), so it needs no PATH.
 */
#ifndef EXEC_CHILD_H
#define EXEC_CHILD_H

#define EXEC_CHILD_NAME "execve_child"

/* Exit codes of execve_child; anything else means it did not run. */
#define EXEC_CHILD_OK		0
#define EXEC_CHILD_MISMATCH	3	/* it ran, but saw the wrong state */
#define EXEC_CHILD_USAGE	4	/* it ran with unknown arguments */

/* Mode "args": argv[0] and argv[1..] and the whole environment, verbatim. */
#define EXEC_CHILD_ARGV0	"not-the-file-name"
static const char *const exec_child_args[] = {
	"args", "", "two words", "tab\tand\nnewline", NULL
};
static const char *const exec_child_env[] = {
	"PROCSIG_ONE=1", "PROCSIG_EMPTY=", "NO_EQUALS_SIGN",
	"=starts-with-equals", NULL
};

/* The optional argument of a "#!" line: the interpreter gets it as one. */
#define EXEC_CHILD_SCRIPT_ARG	"script  mode"

#endif /* EXEC_CHILD_H */
