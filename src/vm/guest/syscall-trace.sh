#!/bin/sh
# syscall-trace.sh start|stop|attribute DIR PREFIX
#
# Which syscalls each test made, recorded in the ltp-vm guest with ftrace
# (no userland tracer: the kernel counts). The guest init runs
# "start" before runltp and "stop" after it when LTP_SYSCALL_TRACE=1;
# "stop" prints one line per test program to stdout:
#   LTP_SYSCALLS PROGRAM ID ID ...      (syscall numbers, 64-bit table)
#   LTP_SYSCALLS_INFO KEY=VALUE         (what was lost, if anything)
# which ltp-coverage reads on the host.
#
# How: a hist trigger on raw_syscalls:sys_enter counts (pid, syscall)
# pairs in the kernel; sched_process_fork and sched_process_exec events
# (few) tell which test program each pid belongs to: the first program
# of PREFIX/testcases/bin/ that the pid or an ancestor executed. Syscalls
# made under the runner's names (ltp-pan, sh, runltp) are not counted, so
# what a runner's child did before it executed the test is not the
# test's. A C test's child that executes another program (mkfs, sh)
# stops counting when that program is a system tool (/usr, /bin, /sbin,
# /lib: mkfs, sh), whose syscalls are not the test's; a program the test
# made itself (a script, a symlink in its tmpdir) still counts, and so do
# a shell test's commands: they are what it tests. A pid is counted as a
# whole, so what a child did before executing a tool is not counted. Pids are not reused
# (pid_max is raised), so the pairs can be joined with the events.
#
# The kernel's table has a fixed size: two triggers take turns, each is
# read before it is removed while the other already counts, so no
# syscall falls between two reads.
set -u

tracefs=/sys/kernel/tracing
SIZE=65536
INTERVAL=30
FILTER='comm != "ltp-pan" && comm != "sh" && comm != "runltp"'

if [ $# -ne 3 ]; then
	echo "usage: syscall-trace.sh start|stop|attribute DIR PREFIX" >&2
	exit 3
fi
action=$1
dir=$2
prefix=$3
trigger=$tracefs/events/raw_syscalls/sys_enter/trigger

spec() {
	echo "hist:keys=common_pid,id:vals=hitcount:sort=$1:size=$SIZE if $FILTER"
}

# The (pid, syscall) pairs of the histograms now, appended to pairs.
read_hist() {
	awk -v dropped="$dir/dropped" '
	/^\{ *common_pid:/ {
		pid = ""; id = ""
		for (i = 1; i < NF; i++) {
			if ($i == "common_pid:") pid = $(i + 1)
			if ($i == "id:") id = $(i + 1)
		}
		gsub(/[^0-9-]/, "", pid); gsub(/[^0-9-]/, "", id)
		if (pid != "" && id != "") print pid, id
	}
	/^ *Dropped: *[0-9]+/ { d += $2 }
	END { if (d) print d >> dropped }
	' "$tracefs/events/raw_syscalls/sys_enter/hist" >>"$dir/pairs"
}

start() {
	mkdir -p "$dir" || return 1
	if [ ! -d "$tracefs/events" ]; then
		mount -t tracefs tracefs "$tracefs" 2>/dev/null ||
			mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
		[ -d "$tracefs/events" ] || tracefs=/sys/kernel/debug/tracing
	fi
	if [ ! -f "$trigger" ]; then
		echo "syscall-trace: no $trigger (CONFIG_FTRACE_SYSCALLS, CONFIG_HIST_TRIGGERS)" >&2
		return 1
	fi
	echo "$tracefs" >"$dir/tracefs"
	# No pid is reused while the pairs are collected.
	echo 4194304 >/proc/sys/kernel/pid_max 2>/dev/null
	echo 0 >"$tracefs/tracing_on"
	: >"$tracefs/trace"
	echo 8192 >"$tracefs/buffer_size_kb"
	echo 1 >"$tracefs/events/sched/sched_process_fork/enable" &&
	echo 1 >"$tracefs/events/sched/sched_process_exec/enable" || return 1
	: >"$dir/pairs"
	: >"$dir/dropped"
	if ! spec hitcount >>"$trigger"; then
		echo "syscall-trace: the kernel refused '$(spec hitcount)'" >&2
		return 1
	fi
	echo 1 >"$tracefs/tracing_on"
	cat "$tracefs/trace_pipe" >"$dir/events" &
	echo $! >"$dir/reader.pid"

	# The turns: a new trigger counts before the old one is read and
	# removed.
	(
		cur=hitcount
		while [ ! -e "$dir/stop" ]; do
			waited=0
			while [ "$waited" -lt "$INTERVAL" ] && [ ! -e "$dir/stop" ]; do
				sleep 1
				waited=$((waited + 1))
			done
			[ -e "$dir/stop" ] && break
			if [ "$cur" = hitcount ]; then next=common_pid; else next=hitcount; fi
			spec "$next" >>"$trigger" || continue
			read_hist
			spec "$cur" | sed 's/^/!/' >>"$trigger"
			cur=$next
		done
		echo "$cur" >"$dir/current"
	) &
	echo $! >"$dir/turns.pid"
}

stop() {
	[ -f "$dir/tracefs" ] || { echo "LTP_SYSCALLS_INFO error=not-started"; return 1; }
	tracefs=$(cat "$dir/tracefs")
	trigger=$tracefs/events/raw_syscalls/sys_enter/trigger
	: >"$dir/stop"
	wait_pid=$(cat "$dir/turns.pid")
	while kill -0 "$wait_pid" 2>/dev/null; do sleep 1; done
	read_hist
	spec "$(cat "$dir/current")" | sed 's/^/!/' >>"$trigger"
	echo 0 >"$tracefs/events/sched/sched_process_fork/enable"
	echo 0 >"$tracefs/events/sched/sched_process_exec/enable"
	# The reader has what the buffer held once trace_pipe is empty.
	sleep 2
	kill "$(cat "$dir/reader.pid")" 2>/dev/null
	lost=0
	for stats in "$tracefs"/per_cpu/cpu*/stats; do
		n=$(sed -n 's/^overrun: *//p' "$stats")
		lost=$((lost + ${n:-0}))
	done
	echo "LTP_SYSCALLS_INFO lost_events=$lost"
	echo "LTP_SYSCALLS_INFO dropped_pairs=$(awk '{ d += $1 } END { print d + 0 }' "$dir/dropped")"
	echo "LTP_SYSCALLS_INFO pairs=$(wc -l <"$dir/pairs" | tr -d ' ')"
	attribute
}

# DIR/events (the fork and exec events, in time order) and DIR/pairs
# ("PID NR" lines) to one line per test program.
attribute() {
	awk -v bin="$prefix/testcases/bin/" -v events="$dir/events" '
	FILENAME == events && /sched_process_fork:/ {
		parent = ""; child = ""
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^pid=[0-9]+$/ && parent == "") parent = substr($i, 5)
			if ($i ~ /^child_pid=[0-9]+$/) child = substr($i, 11)
		}
		if (child != "" && (parent in owner)) {
			owner[child] = owner[parent]
			active[child] = active[parent]
		}
		next
	}
	FILENAME == events && /sched_process_exec:/ {
		line = $0
		sub(/.*sched_process_exec: filename=/, "", line)
		sub(/ pid=[0-9]+ old_pid=[0-9]+.*$/, "", line)
		pid = $(NF - 1)
		sub(/^pid=/, "", pid)
		if (index(line, bin) == 1) {
			if (!(pid in owner)) owner[pid] = substr(line, length(bin) + 1)
			active[pid] = 1
		} else if (pid in owner) {
			# a system tool, unless a shell test runs it
			active[pid] = owner[pid] ~ /\.sh$/ ||
				line !~ /^\/(usr|bin|sbin|lib|lib64)\//
		}
		next
	}
	FILENAME != events && ($1 in owner) && active[$1] {
		key = owner[$1] " " $2
		if (!(key in seen)) {
			seen[key] = 1
			ids[owner[$1]] = ids[owner[$1]] " " $2
		}
	}
	END {
		for (p in ids) print "LTP_SYSCALLS " p ids[p]
	}
	' "$dir/events" "$dir/pairs"
}

case $action in
start) start ;;
stop) stop ;;
attribute) attribute ;;
*) echo "syscall-trace.sh: unknown action '$action'" >&2; exit 3 ;;
esac
