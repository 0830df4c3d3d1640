# shellcheck shell=sh
# shellcheck disable=SC2034 # TST_PASS, TST_TMPDIR, TST_ITERATION: for tests
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The shell test library. A test sets TST_* variables, defines its
# functions, sources this file (". tst_test.sh", found through PATH) and
# calls tst_run. doc/shell-tests.md describes the API.
#
# Process model, the same split as the C library: the script as started is
# the harness. It parses the options, checks the requirements, creates the
# directories, then starts the script a second time under setsid(1) as the
# test process, in a process group of its own, and waits for it with the
# timeout. The test process runs setup, the test functions and cleanup. The
# harness then kills what is left of the group, removes the directories,
# prints the summary and exits with the exit value. A test that hangs
# therefore cannot keep its tmpdir or its summary from happening.
#
# Results are appended as lines to a file in a private state directory,
# not kept in shell variables, so that results reported from subshells,
# pipelines and background jobs count too. Each append is one write(2)
# with O_APPEND, so concurrent writers do not lose lines.
#
# Names starting with _tst_ are the library's own; tests must not use them.

TST_ID=${0##*/}

# Set in the test process by the harness; unset at once so that a shell
# test started by this test does not mistake itself for a test process.
_tst_state=${_TST_STATE:-}
_tst_tmpdir=${_TST_TMPDIR:-}
_tst_iterations=${_TST_ITERATIONS:-1}
unset _TST_STATE _TST_TMPDIR _TST_ITERATIONS
if [ -n "$_tst_state" ]; then
	_tst_role="test"
else
	_tst_role="harness"
fi

_tst_case=0		# test case number printed on result lines
_tst_in_run=		# the test process has entered tst_run
_tst_setup_started=	# cleanup is owed
_tst_ending=		# the test process is leaving through the library
_tst_finished=		# the harness has printed the summary
_tst_pid=		# test process id, also its process group id
_tst_timer_pid=
_tst_killer_pid=
_tst_stopped=		# the harness stopped the test on a signal
_tst_test_ended=	# the harness has reaped the test process
_tst_opt_help=
_tst_opt_meta=
_tst_opt_err=

# Set for the test to read.
TST_PASS=0		# 1 after an EXPECT_* held
TST_TMPDIR=		# the tmpdir, with TST_NEEDS_TMPDIR=1
TST_ITERATION=0		# 0 .. -i N - 1

# --- results -------------------------------------------------------------

tst_res()
{
	_tst_res_type=$1
	shift
	case $_tst_res_type in
	TPASS | TFAIL | TBROK | TCONF | TWARN | TINFO) ;;
	*)
		set -- "tst_res called with unknown type '$_tst_res_type': $*"
		_tst_res_type=TBROK
		;;
	esac
	# The test process runs the script's top level again; what that
	# reports was already reported by the harness.
	if [ "$_tst_role" = test ] && [ -z "$_tst_in_run" ]; then
		return 0
	fi
	[ -n "$_tst_state" ] || _tst_init_state
	# In the test process results go to fd 9, the test's stdout saved
	# at start, so that a result reported inside $(...) is not captured.
	if [ -n "$_tst_in_run" ]; then
		printf '%s:%s: %s: %s\n' "$TST_ID" "$_tst_case" "$_tst_res_type" "$*" >&9
	else
		printf '%s:%s: %s: %s\n' "$TST_ID" "$_tst_case" "$_tst_res_type" "$*"
	fi
	if [ "$_tst_res_type" != TINFO ]; then
		printf '%s\n' "$_tst_res_type" >> "$_tst_state/results"
	fi
	return 0
}

# tst_brk TBROK|TCONF msg: report and end the test. In the test process the
# cleanup runs (once); from a subshell or background job the test process
# is told to stop as well, because in a shell test a subshell is usually a
# command substitution whose caller cannot go on without its value.
tst_brk()
{
	_tst_brk_type=$1
	shift
	case $_tst_brk_type in
	TBROK | TCONF) ;;
	*)
		set -- "tst_brk called with type '$_tst_brk_type' (only TBROK or TCONF): $*"
		_tst_brk_type=TBROK
		;;
	esac
	if [ "$_tst_role" = test ] && [ -z "$_tst_in_run" ]; then
		return 0
	fi
	tst_res "$_tst_brk_type" "$*"
	if [ "$_tst_role" = harness ]; then
		_tst_in_main_shell || exit 2
		_tst_finish
	fi
	if _tst_in_main_shell; then
		_tst_ending=1
		exit 2
	fi
	kill -USR1 "$$" 2>/dev/null
	if [ "$_tst_brk_type" = TCONF ]; then
		exit 32
	fi
	exit 2
}

# $$ is the main shell's pid even in subshells; the parent of an exec'ed
# command substitution is the shell that asked.
_tst_in_main_shell()
{
	[ "$(exec sh -c 'echo "$PPID"')" = "$$" ]
}

# Count the results reported so far into _tst_passed .. _tst_warnings and
# _tst_nres. Builtins only: forks are slow under emulation and the file
# holds few lines.
_tst_count_results()
{
	_tst_passed=0
	_tst_failed=0
	_tst_broken=0
	_tst_skipped=0
	_tst_warnings=0
	_tst_nres=0
	while IFS= read -r _tst_line; do
		_tst_nres=$((_tst_nres + 1))
		case $_tst_line in
		TPASS) _tst_passed=$((_tst_passed + 1)) ;;
		TFAIL) _tst_failed=$((_tst_failed + 1)) ;;
		TBROK) _tst_broken=$((_tst_broken + 1)) ;;
		TCONF) _tst_skipped=$((_tst_skipped + 1)) ;;
		TWARN) _tst_warnings=$((_tst_warnings + 1)) ;;
		esac
	done < "$_tst_state/results"
}

# --- checking helpers ----------------------------------------------------

# The arguments are joined and evaluated as one shell command line, so
# pipes and redirections work: EXPECT_PASS "grep -q x file". TST_PASS is 1
# after an expectation held, 0 after it did not.
EXPECT_PASS()
{
	TST_PASS=0
	eval "$*"
	_tst_rc=$?
	case $_tst_rc in
	0)
		TST_PASS=1
		tst_res TPASS "$* passed"
		;;
	126 | 127)
		tst_res TBROK "$* could not run (exit status $_tst_rc: not found or not executable)"
		;;
	*)
		tst_res TFAIL "$* failed (exit status $_tst_rc)"
		;;
	esac
}

# The command's stderr is discarded: the error message is the point.
EXPECT_FAIL()
{
	TST_PASS=0
	eval "$*" 2>/dev/null
	_tst_rc=$?
	case $_tst_rc in
	0)
		tst_res TFAIL "$* passed unexpectedly"
		;;
	126 | 127)
		tst_res TBROK "$* could not run (exit status $_tst_rc: not found or not executable)"
		;;
	*)
		if [ "$_tst_rc" -gt 128 ]; then
			tst_res TFAIL "$* was killed by signal $((_tst_rc - 128)) instead of failing"
		else
			TST_PASS=1
			tst_res TPASS "$* failed as expected (exit status $_tst_rc)"
		fi
		;;
	esac
}

# Run or die: a set-up step whose failure is TBROK, never TFAIL.
ROD()
{
	eval "$*"
	_tst_rc=$?
	if [ "$_tst_rc" -ne 0 ]; then
		tst_brk TBROK "$* failed (exit status $_tst_rc)"
	fi
	return 0
}

# --- options -------------------------------------------------------------

_tst_parse_opts()
{
	OPTIND=1
	while getopts ':hi:M' _tst_opt; do
		case $_tst_opt in
		h) _tst_opt_help=1 ;;
		M) _tst_opt_meta=1 ;;
		i)
			case $OPTARG in
			'' | *[!0-9]* | 0*)
				_tst_opt_err="-i '$OPTARG': expected a count from 1 to 1000000"
				;;
			*)
				if [ "${#OPTARG}" -gt 7 ] || [ "$OPTARG" -gt 1000000 ]; then
					_tst_opt_err="-i '$OPTARG': expected a count from 1 to 1000000"
				else
					_tst_iterations=$OPTARG
				fi
				;;
			esac
			;;
		:) _tst_opt_err="option -$OPTARG needs a value" ;;
		*) _tst_opt_err="unknown option -$OPTARG" ;;
		esac
	done
	shift $((OPTIND - 1))
	if [ $# -gt 0 ] && [ -z "$_tst_opt_err" ]; then
		_tst_opt_err="unexpected argument '$1'"
	fi
	OPTIND=1
}

_tst_usage()
{
	cat <<EOF
Usage: $TST_ID [-h] [-i N] [-M]
  -h    this help
  -i N  run the test functions N times (setup and cleanup once)
  -M    print the test's metadata as JSON and exit
Environment: TMPDIR, LTP_TIMEOUT_MUL, KCONFIG_PATH.
EOF
}

_tst_bool()
{
	if [ "${1:-0}" = 1 ]; then echo true; else echo false; fi
}

# TST_TAGS="linux-git:39fd8fd22b32 CVE:2017-1000112"
_tst_metadata()
{
	_tst_meta_tags=
	_tst_meta_sep=
	for _tst_tag in ${TST_TAGS:-}; do
		_tst_meta_tags="${_tst_meta_tags}${_tst_meta_sep}[\"${_tst_tag%%:*}\",\"${_tst_tag#*:}\"]"
		_tst_meta_sep=,
	done
	printf '{"name":"%s","needs_root":%s,"exclusive":%s,"needs_device":false,"timeout":%s,"tags":[%s]}\n' \
		"$TST_ID" "$(_tst_bool "${TST_NEEDS_ROOT:-}")" \
		"$(_tst_bool "${TST_EXCLUSIVE:-}")" "${TST_TIMEOUT:-30}" \
		"$_tst_meta_tags"
}

# --- harness -------------------------------------------------------------

# The state directory is made on first use, so that a tst_res or tst_brk
# at the script's top level (before tst_run) is counted too.
_tst_init_state()
{
	_tst_tmproot=${TMPDIR:-/tmp}
	case $_tst_tmproot in
	/*) ;;
	*) _tst_tmproot=$PWD/$_tst_tmproot ;;
	esac
	if _tst_state=$(mktemp -d "$_tst_tmproot/ltp-results-$TST_ID.XXXXXX" 2>/dev/null) &&
	   chmod 755 "$_tst_state"; then
		# 0666: children that drop privileges still report.
		_tst_umask=$(umask)
		umask 0
		: > "$_tst_state/results"
		umask "$_tst_umask"
		trap '_tst_harness_atexit' EXIT
		trap '_tst_harness_signal INT' INT
		trap '_tst_harness_signal TERM' TERM
		trap '_tst_harness_signal HUP' HUP
		return 0
	fi
	printf '%s:0: TBROK: cannot create a directory in TMPDIR=%s: set TMPDIR to a writable directory\n' \
		"$TST_ID" "${TMPDIR:-/tmp}"
	printf '\nSummary:\npassed   0\nfailed   0\nbroken   1\nskipped  0\nwarnings 0\n'
	exit 2
}

_tst_harness_atexit()
{
	[ -n "$_tst_finished" ] && return 0
	tst_res TBROK "test script exited before tst_run finished"
	_tst_finish
}

_tst_harness_signal()
{
	# Finishing takes a moment: let it complete.
	[ -n "$_tst_test_ended" ] && return 0
	if [ -z "$_tst_pid" ]; then
		tst_brk TBROK "harness received SIG$1"
	fi
	_tst_waiting_sig=1
	if [ -n "$_tst_stopped" ]; then
		kill -KILL "-$_tst_pid" 2>/dev/null
		return 0
	fi
	_tst_stopped=1
	tst_res TBROK "harness received SIG$1, test stopped"
	_tst_stop_group &
	_tst_killer_pid=$!
}

# SIGTERM first, so the test process can run its cleanup; SIGKILL to the
# whole group if it has not ended after the grace period. Runs in a
# background subshell (the timer, or one started on a signal) that the
# harness kills once the test has ended.
_tst_stop_group()
{
	kill -TERM "-$_tst_pid" 2>/dev/null
	_tst_helper_sleep "$_tst_grace"
	tst_res TINFO "test still running $_tst_grace s after SIGTERM, sending SIGKILL (its cleanup may not have finished)"
	kill -KILL "-$_tst_pid" 2>/dev/null
	exit 0
}

# The harness ends its helper subshells with SIGKILL: a SIGTERM that
# arrives just after the fork, before the subshell has set its trap, is
# lost in some shells. So helpers sleep in steps of one second, and what
# a killed helper leaves behind is at most a sleep 1 holding no pipe.
_tst_helper_sleep()
{
	_tst_left=$1
	while [ "$_tst_left" -gt 0 ]; do
		sleep 1 > /dev/null 2>&1
		_tst_left=$((_tst_left - 1))
	done
}

_tst_timer()
{
	_tst_helper_sleep "$_tst_timeout"
	: > "$_tst_state/timed_out"
	tst_res TBROK "test timed out after $_tst_timeout s and was killed with its process group; raise TST_TIMEOUT or set LTP_TIMEOUT_MUL"
	_tst_stop_group
}

_tst_is_uint()
{
	case $1 in
	'' | *[!0-9]*) return 1 ;;
	esac
	return 0
}

_tst_check_config()
{
	if [ -z "${TST_TESTFUNC:-}" ]; then
		tst_brk TBROK "TST_TESTFUNC is not set: name the test function"
	fi
	if ! command -v "$TST_TESTFUNC" > /dev/null 2>&1; then
		tst_brk TBROK "TST_TESTFUNC='$TST_TESTFUNC' is not a defined function"
	fi
	for _tst_fn in "${TST_SETUP:-}" "${TST_CLEANUP:-}"; do
		if [ -n "$_tst_fn" ] && ! command -v "$_tst_fn" > /dev/null 2>&1; then
			tst_brk TBROK "'$_tst_fn' (TST_SETUP or TST_CLEANUP) is not a defined function"
		fi
	done
	if [ -n "${TST_CNT:-}" ]; then
		if ! _tst_is_uint "$TST_CNT" || [ "$TST_CNT" -lt 1 ]; then
			tst_brk TBROK "TST_CNT='$TST_CNT' is not a positive count"
		fi
	fi
	case ${TST_TIMEOUT:-} in
	'' | -1) ;;
	*)
		if ! _tst_is_uint "$TST_TIMEOUT"; then
			tst_brk TBROK "TST_TIMEOUT='$TST_TIMEOUT': expected seconds, or -1 for none"
		fi
		;;
	esac
	if ! command -v setsid > /dev/null 2>&1; then
		tst_brk TBROK "setsid not found in PATH: install util-linux (or busybox)"
	fi
}

# Seconds for the whole run: TST_TIMEOUT (default 30, -1 none) times
# LTP_TIMEOUT_MUL times the iterations, as the C library computes it.
_tst_compute_timeout()
{
	_tst_mul=${LTP_TIMEOUT_MUL:-1}
	case $_tst_mul in
	'' | . | *.*.* | *[!0-9.]*)
		tst_brk TBROK "LTP_TIMEOUT_MUL='$_tst_mul' is not a positive number"
		;;
	esac
	_tst_timeout=${TST_TIMEOUT:-0}
	[ "$_tst_timeout" -eq 0 ] && _tst_timeout=30
	[ "$_tst_timeout" -eq -1 ] && _tst_timeout=0
	# Hundredths, so the shell's integer arithmetic does the rest.
	_tst_int=${_tst_mul%%.*}
	_tst_frac=${_tst_mul#"$_tst_int"}
	_tst_frac=${_tst_frac#.}00
	_tst_frac=${_tst_frac%"${_tst_frac#??}"}
	_tst_frac=${_tst_frac#0}		# "08" is no octal number
	_tst_int=${_tst_int#"${_tst_int%%[!0]*}"}
	_tst_mul100=$((${_tst_int:-0} * 100 + _tst_frac))
	case $_tst_mul in
	*[1-9]*) ;;
	*) tst_brk TBROK "LTP_TIMEOUT_MUL='$_tst_mul' is not a positive number" ;;
	esac
	[ "$_tst_mul100" -lt 100 ] && _tst_mul100=100
	_tst_mul=$((_tst_mul100 / 100)).$(printf '%02d' $((_tst_mul100 % 100)))
	_tst_grace=$(((5 * _tst_mul100 + 50) / 100))
	_tst_timeout=$(((_tst_timeout * _tst_mul100 * _tst_iterations + 50) / 100))
}

# "6.1.55-amd64" -> 6001055 for ordering; parts above 999 do not occur.
_tst_kver_num()
{
	_tst_v=${1%%[!0-9.]*}.0.0.0
	_tst_v1=${_tst_v%%.*}
	_tst_v=${_tst_v#*.}
	_tst_v2=${_tst_v%%.*}
	_tst_v=${_tst_v#*.}
	_tst_v3=${_tst_v%%.*}
	echo $((${_tst_v1:-0} * 1000000 + ${_tst_v2:-0} * 1000 + ${_tst_v3:-0}))
}

# Same places and order as the C library (src/lib/tst_kconfig.c).
_tst_kconfig_read()
{
	if [ -n "${KCONFIG_PATH:-}" ]; then
		case $KCONFIG_PATH in
		*.gz) gzip -dc "$KCONFIG_PATH" ;;
		*) cat "$KCONFIG_PATH" ;;
		esac
		return
	fi
	if [ -r /proc/config.gz ] && gzip -dc /proc/config.gz 2>/dev/null; then
		return 0
	fi
	cat "/boot/config-$(uname -r)" 2>/dev/null
}

# "CONFIG_X" is met by =y or =m, "CONFIG_X=VALUE" by exactly that value.
_tst_check_kconfigs()
{
	if [ -n "${KCONFIG_PATH:-}" ] &&
	   { [ ! -r "$KCONFIG_PATH" ] || [ -d "$KCONFIG_PATH" ]; }; then
		tst_brk TBROK "KCONFIG_PATH='$KCONFIG_PATH' is not a readable file"
	fi
	_tst_kconfig="$_tst_state/kconfig"
	_tst_kconfig_read > "$_tst_kconfig"
	_tst_save_ifs=$IFS
	IFS=,
	# shellcheck disable=SC2086 # split at the commas on purpose
	set -- $TST_NEEDS_KCONFIGS
	IFS=$_tst_save_ifs
	for _tst_opt; do
		# trim blanks around the entry
		_tst_opt=${_tst_opt#"${_tst_opt%%[! 	]*}"}
		_tst_opt=${_tst_opt%"${_tst_opt##*[! 	]}"}
		[ -n "$_tst_opt" ] || continue
		_tst_name=${_tst_opt%%=*}
		case $_tst_name in
		CONFIG_*) ;;
		*) tst_brk TBROK "TST_NEEDS_KCONFIGS entry '$_tst_opt' does not start with CONFIG_" ;;
		esac
		case $_tst_name in
		*[!A-Za-z0-9_]*) tst_brk TBROK "TST_NEEDS_KCONFIGS entry '$_tst_opt' is not a config symbol" ;;
		esac
		if [ ! -s "$_tst_kconfig" ]; then
			tst_brk TCONF "$_tst_opt needed, but no kernel config found (set KCONFIG_PATH)"
		fi
		if [ "$_tst_name" = "$_tst_opt" ]; then
			grep -qx "$_tst_name=[ym]" "$_tst_kconfig" ||
				tst_brk TCONF "kernel config lacks $_tst_opt"
		else
			grep -qxF "$_tst_opt" "$_tst_kconfig" ||
				tst_brk TCONF "kernel config lacks $_tst_opt"
		fi
	done
	rm -f "$_tst_kconfig"
}

_tst_cmd_found()
{
	command -v "$1" > /dev/null 2>&1 || [ -x "/sbin/$1" ] || [ -x "/usr/sbin/$1" ]
}

# Same order and messages as the C library (src/lib/tst_requirements.c).
_tst_check_requirements()
{
	if [ "${TST_NEEDS_ROOT:-0}" = 1 ] && [ "$(id -u)" != 0 ]; then
		tst_brk TCONF "test needs root (running as uid $(id -u))"
	fi
	if [ -n "${TST_MIN_KVER:-}" ]; then
		case $TST_MIN_KVER in
		'' | .* | *. | *..* | *[!0-9.]*)
			tst_brk TBROK "TST_MIN_KVER='$TST_MIN_KVER': expected a version like 5.1 or 4.19.2"
			;;
		esac
		if [ "$(_tst_kver_num "$(uname -r)")" -lt "$(_tst_kver_num "$TST_MIN_KVER")" ]; then
			tst_brk TCONF "test needs kernel $TST_MIN_KVER or newer (running $(uname -r))"
		fi
	fi
	for _tst_cmd in ${TST_NEEDS_CMDS:-}; do
		_tst_cmd_found "$_tst_cmd" ||
			tst_brk TCONF "command $_tst_cmd not found in PATH"
	done
	if [ -n "${TST_NEEDS_KCONFIGS:-}" ]; then
		_tst_check_kconfigs
	fi
}

_tst_start_test()
{
	_tst_shell="sh"
	[ -n "${BASH_VERSION:-}" ] && _tst_shell="bash"
	set -- "$_tst_shell"
	case $- in
	*x*) set -- "$@" -x ;;
	esac
	case $0 in
	*/*) set -- setsid "$@" "$0" ;;
	*) set -- setsid "$@" "./$0" ;;
	esac
	# An asynchronous command inherits SIGINT and SIGQUIT ignored; undo
	# that where env(1) can, so the test's commands get default signals.
	if env --default-signal=INT,QUIT true > /dev/null 2>&1; then
		set -- env --default-signal=INT,QUIT "$@"
	fi
	_TST_STATE=$_tst_state _TST_TMPDIR=$_tst_tmpdir \
		_TST_ITERATIONS=$_tst_iterations "$@" &
	_tst_pid=$!
	if [ "$_tst_timeout" -gt 0 ]; then
		_tst_timer &
		_tst_timer_pid=$!
	fi
}

# wait returns early when a trapped signal arrives; wait again then.
_tst_wait_test()
{
	while :; do
		_tst_waiting_sig=
		wait "$_tst_pid"
		_tst_status=$?
		[ -n "$_tst_waiting_sig" ] || break
	done
	_tst_test_ended=1
	for _tst_helper in "$_tst_timer_pid" "$_tst_killer_pid"; do
		[ -n "$_tst_helper" ] || continue
		kill -KILL "$_tst_helper" 2>/dev/null
		wait "$_tst_helper" 2>/dev/null
	done
	# Orphans the test left behind must not outlive the run.
	kill -KILL "-$_tst_pid" 2>/dev/null
	if [ -e "$_tst_state/done" ] || [ -e "$_tst_state/timed_out" ] ||
	   [ -n "$_tst_stopped" ]; then
		return 0
	fi
	if [ "$_tst_status" -gt 128 ]; then
		tst_res TBROK "test process killed by signal SIG$(kill -l "$_tst_status" 2>/dev/null || echo "$((_tst_status - 128))")"
	else
		tst_res TBROK "test process ended unexpectedly with exit status $_tst_status"
	fi
}

_tst_print_tags_hint()
{
	[ -n "${TST_TAGS:-}" ] || return 0
	printf '\nHINT: this test catches bugs fixed upstream by the commits below;\n'
	printf 'the kernel under test may lack one of them:\n'
	for _tst_tag in $TST_TAGS; do
		if [ "${_tst_tag%%:*}" = linux-git ]; then
			printf '  linux-git %s  (https://git.kernel.org/torvalds/c/%s)\n' \
				"${_tst_tag#*:}" "${_tst_tag#*:}"
		else
			printf '  %s %s\n' "${_tst_tag%%:*}" "${_tst_tag#*:}"
		fi
	done
}

# Remove the tmpdir, print the summary, exit with the exit value.
_tst_finish()
{
	_tst_finished=1
	if [ -n "$_tst_tmpdir" ] && [ -e "$_tst_tmpdir" ]; then
		# A test that dropped write permission must not keep it.
		rm -rf "$_tst_tmpdir" 2>/dev/null ||
			{ chmod -R u+rwx "$_tst_tmpdir"; rm -rf "$_tst_tmpdir"; } 2>/dev/null
		if [ -e "$_tst_tmpdir" ]; then
			tst_res TWARN "could not remove the tmpdir $_tst_tmpdir (still mounted on?)"
		fi
	fi
	_tst_count_results
	if [ "$_tst_nres" -eq 0 ]; then
		tst_res TBROK "test reported no results"
		_tst_broken=1
	fi
	if [ "$_tst_failed" -gt 0 ] || [ "$_tst_broken" -gt 0 ]; then
		_tst_print_tags_hint
	fi
	printf '\nSummary:\npassed   %d\nfailed   %d\nbroken   %d\nskipped  %d\nwarnings %d\n' \
		"$_tst_passed" "$_tst_failed" "$_tst_broken" "$_tst_skipped" \
		"$_tst_warnings"
	_tst_exit=0
	[ "$_tst_failed" -gt 0 ] && _tst_exit=$((_tst_exit | 1))
	[ "$_tst_broken" -gt 0 ] && _tst_exit=$((_tst_exit | 2))
	[ "$_tst_warnings" -gt 0 ] && _tst_exit=$((_tst_exit | 4))
	if [ "$_tst_exit" -eq 0 ] && [ "$_tst_passed" -eq 0 ] &&
	   [ "$_tst_skipped" -gt 0 ]; then
		_tst_exit=32
	fi
	rm -rf "$_tst_state"
	exit "$_tst_exit"
}

_tst_harness_main()
{
	_tst_init_state
	_tst_check_config
	_tst_check_requirements
	_tst_compute_timeout
	if [ "$_tst_timeout" -gt 0 ]; then
		tst_res TINFO "timeout $_tst_timeout s (LTP_TIMEOUT_MUL $_tst_mul), $_tst_iterations iteration(s)"
	else
		tst_res TINFO "no timeout, $_tst_iterations iteration(s)"
	fi
	if [ "${TST_NEEDS_TMPDIR:-0}" = 1 ]; then
		_tst_tmpdir=$(mktemp -d "$_tst_tmproot/LTP_${TST_ID}XXXXXX") ||
			tst_brk TBROK "cannot create the tmpdir in $_tst_tmproot"
		chmod 777 "$_tst_tmpdir" ||
			tst_brk TBROK "chmod 777 $_tst_tmpdir failed"
	fi
	_tst_start_test
	_tst_wait_test
	_tst_finish
}

# --- test process --------------------------------------------------------

_tst_test_stop()
{
	[ -n "$_tst_ending" ] && return 0
	_tst_ending=1
	exit 2
}

# Every way out of the test process ends here: the end of the run,
# tst_brk, a signal from the harness, or an exit of the test's own.
_tst_test_atexit()
{
	_tst_rc=$?
	if [ -z "$_tst_ending" ]; then
		_tst_ending=1
		tst_res TBROK "test exited with status $_tst_rc outside the library (exit in a test function, or set -e)"
	fi
	_tst_case=0
	# In a subshell, so that a tst_brk inside cleanup ends the cleanup
	# and nothing else.
	if [ -n "$_tst_setup_started" ] && [ -n "${TST_CLEANUP:-}" ]; then
		( "$TST_CLEANUP" )
	fi
	: > "$_tst_state/done"
}

_tst_run_one()
{
	_tst_count_results
	_tst_before=$_tst_nres
	_tst_case=$1
	if [ "$1" -eq 0 ]; then
		"$TST_TESTFUNC"
	else
		"$TST_TESTFUNC" "$1"
	fi
	_tst_case=$1
	_tst_count_results
	if [ "$_tst_nres" -eq "$_tst_before" ]; then
		tst_res TBROK "test reported no results"
	fi
	_tst_case=0
}

_tst_test_main()
{
	_tst_in_run=1
	exec 9>&1
	trap '_tst_test_atexit' EXIT
	trap '_tst_test_stop' TERM INT HUP USR1
	if [ -n "$_tst_tmpdir" ]; then
		cd "$_tst_tmpdir" || tst_brk TBROK "cannot enter the tmpdir $_tst_tmpdir"
		TST_TMPDIR=$_tst_tmpdir
	fi
	_tst_setup_started=1
	if [ -n "${TST_SETUP:-}" ]; then
		"$TST_SETUP"
	fi
	TST_ITERATION=0
	while [ "$TST_ITERATION" -lt "$_tst_iterations" ]; do
		if [ -n "${TST_CNT:-}" ]; then
			_tst_i=1
			while [ "$_tst_i" -le "$TST_CNT" ]; do
				_tst_run_one "$_tst_i"
				_tst_i=$((_tst_i + 1))
			done
		else
			_tst_run_one 0
		fi
		TST_ITERATION=$((TST_ITERATION + 1))
	done
	_tst_ending=1
	exit 0
}

# --- entry ---------------------------------------------------------------

tst_run()
{
	if [ "$_tst_role" = test ]; then
		_tst_test_main
	fi
	if [ -n "$_tst_opt_err" ]; then
		printf '%s: %s\n' "$TST_ID" "$_tst_opt_err" >&2
		_tst_usage >&2
		_tst_finished=1
		[ -n "$_tst_state" ] && rm -rf "$_tst_state"
		exit 2
	fi
	if [ -n "$_tst_opt_help" ] || [ -n "$_tst_opt_meta" ]; then
		if [ -n "$_tst_opt_help" ]; then
			_tst_usage
		else
			_tst_metadata
		fi
		_tst_finished=1
		[ -n "$_tst_state" ] && rm -rf "$_tst_state"
		exit 0
	fi
	_tst_harness_main
}

if [ "$_tst_role" = harness ]; then
	_tst_parse_opts "$@"
fi
