#!/bin/sh
# stall-watch.sh SECONDS [PROC]: runs in the guest beside runltp and, when
# ltp-pan has written nothing (no test output, no record, no progress
# line) for SECONDS, prints every task of the guest to stdout (the
# console): pid, parent, state, CPU time used, wait channel and command
# (kernel threads only when they run or sleep uninterruptibly), and the
# kernel stack of each task that runs or sleeps uninterruptibly.
# Then again after each further SECONDS of silence, three times at most.
#
# Why: a guest that stops making progress between two tests, both vCPUs
# busy and no lockup report from the kernel (ci38), leaves nothing to read
# but the last record; the host kills it at its whole-run timeout. This
# says which task spun or waited where. It reads /proc only and writes
# nothing to the kernel log, so a quiet long test that trips it is not
# failed by the kernel-log check (as a SysRq task dump would be).
#
# PROC (default /proc) lets the self-test feed it a fake process table.
# ltp-pan's written bytes come from /proc/PID/io (CONFIG_TASK_IO_ACCOUNTING);
# without it there is nothing to watch and the script exits at once.

limit=${1:-300}
proc=${2:-/proc}
step=${STALL_WATCH_STEP:-10}
case $limit$step in
*[!0-9]*) echo "stall-watch: '$limit' or '$step' is no count of seconds" >&2; exit 2 ;;
esac
[ "$limit" -gt 0 ] && [ "$step" -gt 0 ] || exit 0

find_pan() {
	for d in "$proc"/[0-9]*; do
		read -r comm 2>/dev/null <"$d/comm" || continue
		[ "$comm" = ltp-pan ] || continue
		echo "${d##*/}"
		return 0
	done
	return 1
}

written() {
	sed -n 's/^wchar: //p' "$proc/$1/io" 2>/dev/null
}

# One line a task; the fields of /proc/PID/stat after the command's
# closing parenthesis: state, ppid, ... utime (the 12th), stime (13th).
show_task() {
	read -r stat 2>/dev/null <"$1/stat" || return 0
	read -r comm 2>/dev/null <"$1/comm" || comm='?'
	read -r wchan 2>/dev/null <"$1/wchan" || wchan=
	# shellcheck disable=SC2086 # split the fields on purpose
	set -- "$1" ${stat##*) }
	# kernel threads only when they run or wait uninterruptibly
	case ${1##*/}:$3:$2 in
	2:*:[!RD] | *:2:[!RD]) return 0 ;;
	esac
	printf '  %-7s %-7s %s %8s %-24s %s\n' "${1##*/}" "$3" "$2" \
		"$((${13} + ${14}))" "${wchan:-0}" "$comm"
	case $2 in
	R | D) sed 's/^/      /' "$1/stack" 2>/dev/null ;;
	esac
}

dump() {
	echo "ltp-vm stall-watch: ltp-pan (pid $1) wrote nothing for $2 s; load $(cat "$proc/loadavg" 2>/dev/null)"
	echo "  pid     ppid    S  ticks    wchan                    command"
	for d in "$proc"/[0-9]*; do
		show_task "$d"
	done
	echo "ltp-vm stall-watch: end of the task list"
}

pan=
last=
quiet=0
next=$limit
dumps=0
while sleep "$step"; do
	if [ -z "$pan" ] || [ ! -d "$proc/$pan" ]; then
		pan=$(find_pan) || { pan=; continue; }
		[ -r "$proc/$pan/io" ] || exit 0
	fi
	now=$pan:$(written "$pan")
	if [ "$now" != "$last" ]; then
		last=$now
		quiet=0
		next=$limit
		continue
	fi
	quiet=$((quiet + step))
	if [ "$quiet" -ge "$next" ] && [ "$dumps" -lt 3 ]; then
		dump "$pan" "$quiet"
		dumps=$((dumps + 1))
		next=$((next + limit))
	fi
done
