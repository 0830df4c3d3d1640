#!/bin/sh
# A harmless fake test for the runner's self-tests: "fake_test MODE [ARG]"
# behaves like a test that passes, fails, flips between the two, hangs,
# floods its output, leaves processes behind, or makes the (fake) kernel
# complain. Pids of anything it leaves running go to $FAKE_PIDS/ so the
# self-test can clean up.
mode=${1:-pass}
arg=${2:-}
pids=${FAKE_PIDS:-/tmp}

summary() {
	printf '\nSummary:\npassed   %s\nfailed   %s\nbroken   %s\nskipped  %s\nwarnings %s\n' \
		"$1" "$2" "$3" "$4" "$5"
}

case $mode in
pass)
	echo "fake_test.sh:1: TPASS: fake pass"
	summary 1 0 0 0 0
	exit 0
	;;
fail)
	echo "fake_test.sh:2: TPASS: fake pass"
	echo "fake_test.sh:3: TFAIL: fake failure"
	summary 1 1 0 0 0
	exit 1
	;;
brok)
	echo "fake_test.sh:4: TBROK: fake breakage"
	summary 0 0 1 0 0
	exit 2
	;;
warn)
	echo "fake_test.sh:5: TPASS: fake pass"
	echo "fake_test.sh:6: TWARN: fake warning"
	summary 1 0 0 0 1
	exit 4
	;;
conf)
	echo "fake_test.sh:7: TCONF: fake lacks something"
	summary 0 0 0 1 0
	exit 32
	;;
exit)
	exit "$arg"
	;;
flip)
	# a flaky test: fails every second time it runs (counter file ARG)
	n=$(($(cat "$arg" 2>/dev/null || echo 0) + 1))
	echo "$n" > "$arg"
	echo "fake_test.sh:9: TINFO: run $n of the flaky fake"
	if [ $((n % 2)) -eq 0 ]; then
		echo "fake_test.sh:10: TFAIL: fake flake on even run $n"
		summary 0 1 0 0 0
		exit 1
	fi
	echo "fake_test.sh:11: TPASS: fake flake passes on odd run $n"
	summary 1 0 0 0 0
	exit 0
	;;
segv)
	kill -SEGV $$
	;;
sleep)
	sleep "$arg"
	echo "slept $arg"
	;;
hang)
	sleep 60 &
	echo $! > "$pids/hang-child"
	echo $$ > "$pids/hang-main"
	echo "hanging"
	wait
	;;
orphan)
	sleep 60 &
	echo $! > "$pids/orphan"
	echo "left a child behind"
	;;
escape)
	# a daemon in its own session keeps the output pipe open
	# shellcheck disable=SC2016 # expanded by the inner shell
	setsid sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 60' \
		sh "$pids/escaped" &
	# exit only once it has left our process group
	i=0
	while [ ! -s "$pids/escaped" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	echo "escaped"
	;;
hang_grouped)
	# like a library test: the part that hangs is in a group of its own
	# shellcheck disable=SC2016 # expanded by the inner shell
	setsid sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 60' \
		sh "$pids/grouped" &
	i=0
	while [ ! -s "$pids/grouped" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	echo $$ > "$pids/hang-main"
	sleep 60
	;;
noisy)
	yes 'fake output line' | head -c "$arg"
	echo
	summary 1 0 0 0 0
	;;
late_fail)
	# ARG bytes of noise, then a failure, then more noise: the TFAIL
	# comes after the output cap
	yes 'fake output line' | head -c "$arg"
	echo
	echo "fake_test.sh:12: TFAIL: fake failure after the noise"
	yes 'more noise' | head -c 5000
	echo
	summary 0 1 0 0 0
	exit 1
	;;
html)
	echo "<script>alert(\"x&y\")</script> 'single' & done"
	printf 'bad utf-8: \377\376 control: \001 fine: \303\274\n'
	printf 'colour: \033[1;31mred\033[0m title: \033]0;a title\007done c1: \302\205.\n'
	echo "fake_test.sh:8: TFAIL: <b>not bold</b>"
	exit 1
	;;
env)
	# The signal mask and ignored set the test was started with, read by
	# this shell with builtins only, before it has started any command:
	# dash blocks every signal around each fork it makes and clears the
	# mask of what it starts, so its own mask later (what grep read from
	# /proc/$$/status here before) depends on what it is doing at that
	# moment, and a command it starts always has none blocked.
	if [ -r "/proc/$$/status" ]; then
		while IFS= read -r line; do
			case $line in
			SigBlk:* | SigIgn:*) printf '%s\n' "$line" ;;
			esac
		done < "/proc/$$/status"
	fi
	echo "TMPDIR=$TMPDIR"
	echo "PWD=$(pwd)"
	echo "PATH=$PATH"
	echo "MUL=${LTP_TIMEOUT_MUL-unset}"
	if read -r _; then echo "STDIN=data"; else echo "STDIN=eof"; fi
	echo "$TMPDIR" > "$pids/tmpdir"
	: > "$TMPDIR/junk"
	mkdir -p "$TMPDIR/locked/deeper"
	: > "$TMPDIR/locked/deeper/file"
	chmod 000 "$TMPDIR/locked"
	;;
tmpls)
	# where TMPDIR is and how many entries it holds when the test starts
	echo "$TMPDIR $(ls -A "$TMPDIR" | wc -l)" > "$pids/tmpdir.$arg"
	: > "$TMPDIR/left-by-$arg"
	;;
tmpswap)
	# a test that puts a symlink where its TMPDIR was
	cd / && rm -rf "$TMPDIR" && ln -s "$arg" "$TMPDIR"
	;;
kernel)
	echo "4,1000,2000,-;$arg" >> "${LTP_PAN_KMSG:?}"
	echo " SUBSYSTEM=fake" >> "$LTP_PAN_KMSG"
	;;
taint)
	echo "$arg" > "${LTP_PAN_TAINTED:?}"
	;;
*)
	echo "fake_test: unknown mode $mode" >&2
	exit 2
	;;
esac
