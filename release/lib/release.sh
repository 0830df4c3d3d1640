# shellcheck shell=sh
# shellcheck disable=SC2034 # variables set for the scripts that source this
# The shared part of every release/ script, sourced as its first command:
#
#   . "$(dirname "$0")/../lib/release.sh"
#
# It sets prog (the script's name, the prefix of its messages),
# release_dir (release/) and top (the top of the tree), and provides
#   usage, usage_error, die, die_code, say     messages and exit values
#   options, parse_options, is_uint, need_uint the command line
#   release_tool                               another release/ program
#   need_report                                ltp-report, in $report
#   flavour_lines, flavour_names               the flavours file
#   build_flavour, keep_kernel                 build-kernel, and its result
#   boot_guest, boot_status, check_engine      ltp-vm (or a LAVA job), and
#                                              its result
# Exit values shared by the scripts: 2 usage error, 3 set-up error.
#
# Conventions of the functions: options land in opt_NAME variables;
# build_flavour reads opt_jobs and opt_cache, boot_guest opt_timeout,
# opt_vm_lock and opt_engine, so a script that offers --jobs, --cache, --timeout and
# --vm-lock has them passed on without naming them again.
set -u

prog=$(basename "$0")
release_dir=$(cd "$(dirname "$0")/.." && pwd -P)
top=$(dirname "$release_dir")

# usage: the script's header comment, from its second line to the first
# line that is not a comment (without shellcheck's directives).
usage() {
	sed -n '2,/^[^#]/{/^# shellcheck /d;/^#/s/^# \{0,1\}//p;}' "$0"
}

usage_error() {
	echo "$prog: $*" >&2
	echo "Try '$prog --help'." >&2
	exit 2
}

# die_code CODE MESSAGE: stop with the exit value CODE.
die_code() {
	dc_code=$1
	shift
	echo "$prog: $*" >&2
	exit "$dc_code"
}

die() {
	die_code 3 "error: $*"
}

say() {
	echo "$prog: $*"
}

# is_uint VALUE: VALUE is a whole number from 1 to 999999999 (a count of
# jobs, runs or seconds: none of the scripts takes 0).
is_uint() {
	case $1 in '' | *[!0-9]*) return 1 ;; esac
	[ ${#1} -le 9 ] && [ "$1" -ge 1 ]
}

# need_uint OPTION VALUE WHAT: a usage error unless is_uint VALUE.
need_uint() {
	is_uint "$2" || usage_error "$1 '$2': expected $3, at least 1"
}

# parse_options SPEC ARGS...: the options of ARGS as SPEC lists them,
# blank separated: "name=" takes a value (--name VALUE sets opt_name,
# dashes become underscores), "name+" takes one each time it is given
# (opt_name collects them, blank separated), "name" is a flag (opt_name=1).
# -h and --help print the usage and exit 0. Parsing stops at the first
# argument that is not an option, or after "--"; opt_shift is the count
# of arguments taken, for the caller to shift. Unknown options and
# missing values are usage errors.
parse_options() {
	po_spec=" $(printf '%s' "$1" | tr -s '[:space:]' ' ') "
	shift
	opt_shift=0
	while [ $# -gt 0 ]; do
		case $1 in
		-h | --help) usage; exit 0 ;;
		--) opt_shift=$((opt_shift + 1)); return 0 ;;
		--*) ;;
		-*) usage_error "unknown option '$1'" ;;
		*) return 0 ;;
		esac
		po_name=${1#--}
		po_var=opt_$(echo "$po_name" | tr - _)
		case $po_spec in
		*" $po_name "*)
			eval "$po_var=1"
			shift
			opt_shift=$((opt_shift + 1))
			continue
			;;
		*" $po_name= "* | *" $po_name+ "*) ;;
		*) usage_error "unknown option '$1'" ;;
		esac
		[ $# -ge 2 ] || usage_error "option '$1' needs a value"
		case $po_spec in
		*" $po_name+ "*) eval "$po_var=\"\${$po_var:+\$$po_var }\$2\"" ;;
		*) eval "$po_var=\$2" ;;
		esac
		shift 2
		opt_shift=$((opt_shift + 2))
	done
}

# no_arguments ARGS...: a usage error if any argument is left.
no_arguments() {
	[ $# -eq 0 ] || usage_error "unexpected argument '$1'"
}

# options SPEC ARGS...: parse_options for a script that takes nothing but
# options.
options() {
	op_spec=$1
	shift
	parse_options "$op_spec" "$@"
	shift "$opt_shift"
	no_arguments "$@"
}

# release_tool NAME: the path of the release program NAME (in kernels/,
# gate/, cut/ or lib/). The self-tests put fakes of the slow ones (those
# that build kernels, boot QEMU or pack the tree) in $LTP_RELEASE_FAKES.
release_tool() {
	if [ -n "${LTP_RELEASE_FAKES:-}" ] && [ -x "$LTP_RELEASE_FAKES/$1" ]; then
		echo "$LTP_RELEASE_FAKES/$1"
		return
	fi
	for rt_dir in kernels gate cut lib; do
		if [ -f "$release_dir/$rt_dir/$1" ]; then
			echo "$release_dir/$rt_dir/$1"
			return
		fi
	done
	echo "$release_dir/$1"
}

# need_report: set report to the ltp-report that reads the records and
# the known-issues file for the scripts (doc/ltp-report.md): $LTP_REPORT,
# else the build tree of this source tree, else PATH, else /opt/ltp.
# Without one it stops the script (exit 3).
need_report() {
	report=${LTP_REPORT:-$top/src/report/ltp-report}
	[ -x "$report" ] || report=$(command -v ltp-report) || report=/opt/ltp/bin/ltp-report
	[ -x "$report" ] || die_code 3 "no ltp-report: build the suite or set LTP_REPORT"
}

# flavour_lines FILE [NAME]: the flavours of FILE (release/flavours: NAME
# KERNEL CONFIG SERIES a line), one a line with single blanks, or only
# NAME's. A file with a bad line or no flavour, or a NAME it lacks, is a
# usage error (exit 2, also in a command substitution: add "|| exit 2").
flavour_lines() {
	[ -f "$1" ] || usage_error "flavours file '$1': no such file"
	fl_out=$(awk -v f="$1" -v only="${2:-}" '
	/^[[:space:]]*(#|$)/ { next }
	NF != 4 { bad = bad "\n" f ": \"" $0 "\": expected NAME KERNEL CONFIG SERIES"; next }
	$1 !~ /^[A-Za-z0-9._-]+$/ { bad = bad "\n" f ": name \"" $1 "\": use letters, digits, . _ -" }
	$2 !~ /^[0-9]+\.[0-9]+$/ { bad = bad "\n" f ": flavour " $1 ": kernel \"" $2 "\": expected a version such as 6.1" }
	$3 !~ /^(amd64|cloud-amd64|rt-amd64)$/ { bad = bad "\n" f ": flavour " $1 ": config \"" $3 "\": expected amd64, cloud-amd64 or rt-amd64" }
	seen[$1]++ { bad = bad "\n" f ": flavour " $1 " is listed twice" }
	{ names = names " " $1; n++ }
	only == "" || $1 == only { $1 = $1; lines = lines $0 "\n"; found++ }
	END {
		if (bad != "") { print substr(bad, 2); exit 1 }
		if (n == 0) { print f " lists no flavour"; exit 1 }
		if (!found) { print "flavour \047" only "\047: no such flavour in " f " (known:" names ")"; exit 1 }
		printf "%s", lines
	}' "$1") || usage_error "$fl_out"
	printf '%s\n' "$fl_out"
}

# flavour_names FILE: the names of FILE's flavours, one a line (a usage
# error as flavour_lines).
flavour_names() {
	fn_lines=$(flavour_lines "$1") || exit 2
	printf '%s\n' "$fn_lines" | awk '{ print $1 }'
}

# build_flavour LOGDIR NAME KERNEL CONFIG [SERIES]: build-kernel --version
# KERNEL --name NAME [--series SERIES] CONFIG, with --jobs $opt_jobs and
# --cache $opt_cache when set; its output in LOGDIR/build.out, its
# messages in LOGDIR/build.log. Sets build_rc (build-kernel's exit; 5
# when it printed no bzImage), build_secs, build_image (the bzImage in
# the build directory), build_result and build_what (a word and a phrase
# for a failure: patch, a patch does not apply, ...). Returns build_rc.
build_flavour() {
	bf_dir=$1
	set -- --version "$3" --name "$2" ${5:+--series "$5"} "$4"
	[ -z "${opt_jobs:-}" ] || set -- --jobs "$opt_jobs" "$@"
	[ -z "${opt_cache:-}" ] || set -- --cache "$opt_cache" "$@"
	mkdir -p "$bf_dir" || return 1
	bf_t0=$(date +%s)
	"$(release_tool build-kernel)" "$@" </dev/null >"$bf_dir/build.out" \
		2>"$bf_dir/build.log"
	build_rc=$?
	build_secs=$(($(date +%s) - bf_t0))
	build_image=$(tail -n 1 "$bf_dir/build.out")
	if [ "$build_rc" = 0 ] && [ ! -f "$build_image" ]; then
		build_rc=5
		echo "$prog: build-kernel printed no bzImage path" >>"$bf_dir/build.log"
	fi
	case $build_rc in
	0) build_result=built build_what= ;;
	2) build_result=usage build_what="usage error" ;;
	3) build_result=patch build_what="a patch does not apply" ;;
	4) build_result=config build_what="config problem" ;;
	5) build_result=build build_what="kernel build failure" ;;
	6) build_result=missing build_what="missing source or config package" ;;
	*) build_result="exit $build_rc" build_what="build-kernel exit $build_rc" ;;
	esac
	return "$build_rc"
}

# keep_kernel DIR: copy what build_flavour built into DIR: bzImage,
# config-RELEASE (ltp-vm hands the guest the config it finds next to the
# kernel) and config-changes.txt. The build directory is reused by the
# next build of its name, the copies stay. Sets kbuild (the build
# directory, for ltp-vm --kbuild), kernel_release (empty when unknown) and
# config_changes (the count of changed symbols, empty when unknown).
keep_kernel() {
	mkdir -p "$1" && cp "$build_image" "$1/bzImage" || return 1
	kbuild=$(cd "$(dirname "$build_image")/../../.." && pwd -P)
	kernel_release=$(cat "$kbuild/include/config/kernel.release" 2>/dev/null)
	if [ -n "$kernel_release" ] && [ -f "$kbuild/.config" ]; then
		cp "$kbuild/.config" "$1/config-$kernel_release"
	fi
	config_changes=
	if [ -f "$kbuild/config-changes.txt" ]; then
		cp "$kbuild/config-changes.txt" "$1/config-changes.txt"
		config_changes=$(grep -c '^[-+~]' "$1/config-changes.txt")
	fi
	return 0
}

# boot_guest SUITE OUT LOG [LTP-VM ARGS...]: SUITE's ltp-vm --suite SUITE
# --out OUT --timeout $opt_timeout with ARGS (more options, then -- and
# runltp's), under flock $opt_vm_lock when set (a machine-wide QEMU lock);
# its messages in LOG. Sets vm_rc (ltp-vm's exit), vm_secs, vm_outcome
# (outcome= of OUT/vm-timing.txt, empty when the guest never ran) and
# vm_retried (boot_panics_retried=: ltp-vm booted a TCG guest again after
# a panic before /init; 0 when it did not). Returns vm_rc.
boot_guest() {
	bg_suite=$1
	bg_out=$2
	bg_log=$3
	shift 3
	set -- "$bg_suite/bin/ltp-vm" --suite "$bg_suite" --out "$bg_out" \
		${opt_timeout:+--timeout "$opt_timeout"} "$@"
	# --engine lava: the same run as a LAVA job (release/lava/lava-run
	# takes ltp-vm's arguments and leaves ltp-vm's OUT); the LAVA server
	# and its settings come from the environment (doc/lava.md).
	# lava_phase (submit-only or collect) splits it in two, so that a
	# caller can submit every job before it waits for the first.
	if [ "${opt_engine:-local}" = lava ]; then
		shift
		set -- "$release_dir/lava/lava-run" ${lava_phase:+"--$lava_phase"} "$@"
	fi
	[ -z "${opt_vm_lock:-}" ] || set -- flock "$opt_vm_lock" "$@"
	bg_t0=$(date +%s)
	"$@" </dev/null >"$bg_log" 2>&1
	vm_rc=$?
	vm_secs=$(($(date +%s) - bg_t0))
	vm_outcome=$(sed -n 's/^outcome=//p' "$bg_out/vm-timing.txt" 2>/dev/null)
	vm_retried=$(sed -n 's/^boot_panics_retried=//p' "$bg_out/vm-timing.txt" 2>/dev/null)
	vm_retried=${vm_retried:-0}
	return "$vm_rc"
}

# check_engine: opt_engine is local (the default) or lava.
check_engine() {
	case ${opt_engine:=local} in
	local | lava) ;;
	*) usage_error "--engine '$opt_engine': expected local or lava" ;;
	esac
}

# boot_status FILE: boot_guest's result as the key=value lines of a
# status file (doc/release.md), appended to FILE.
boot_status() {
	{
		echo "vm_seconds=$vm_secs"
		echo "vm_exit=$vm_rc"
		echo "vm_outcome=${vm_outcome:-set-up error}"
		echo "vm_boot_panics_retried=$vm_retried"
	} >>"$1"
}
