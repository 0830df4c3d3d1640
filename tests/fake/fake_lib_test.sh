#!/bin/sh
# A fake library test for the runner's self-tests. Like a test of the
# shell library it answers "-M" with its metadata; ltp-pan asks it, as
# it asks every program the catalog does not list. What it says comes
# from the name it is installed under (copies in the scratch
# testcases/bin):
#   meta_excl*    "exclusive": true        meta_shared*  "exclusive": false
#   meta_t5*      "timeout": 5             meta_bad*     a cut JSON object
#   meta_unlim*   "timeout": -1 (no limit of its own)
# Run without -M it sleeps $1 seconds (default 0) and prints its
# LTP_TIMEOUT_MUL, then passes. Harmless.
name=${0##*/}
if [ "${1:-}" = -M ]; then
	exclusive=false
	timeout=30
	case $name in
	meta_excl*) exclusive=true ;;
	meta_t5*) timeout=5 ;;
	meta_unlim*) timeout=-1 ;;
	meta_bad*)
		# a library test whose metadata is broken: a cut object
		printf '{"name":"%s","exclusive":' "$name"
		exit 0
		;;
	esac
	printf '{"name":"%s","needs_root":false,"exclusive":%s,"needs_device":false,"timeout":%s,"tags":[]}\n' \
		"$name" "$exclusive" "$timeout"
	exit 0
fi
sleep "${1:-0}"
echo "$name: LTP_TIMEOUT_MUL=${LTP_TIMEOUT_MUL-unset}"
printf '\nSummary:\npassed   1\nfailed   0\nbroken   0\nskipped  0\nwarnings 0\n'
