# shellcheck shell=sh
# Sourced by the image builders (mkimage.sh, mkinitramfs.sh), which ltp-vm
# runs as 'sh SCRIPT ARG...': the program name, the argument count check
# and the error exit they share. Exit 3 is ltp-vm's set-up error.

# script_args USAGE_ARGS COUNT ARG...: sets prog; exits with the usage
# when the number of ARGs is not COUNT.
script_args() {
	prog=${0##*/}
	sa_usage=$1
	sa_count=$2
	shift 2
	if [ $# -ne "$sa_count" ]; then
		echo "usage: $prog $sa_usage" >&2
		exit 3
	fi
}

fail() {
	echo "$prog: $*" >&2
	exit 3
}
