# shellcheck shell=sh
# Sourced by ltp-vm: the views of a guest run are made here, on the host,
# from the result records the guest sent, never in the guest (whose files
# are lost when it powers off). runltp's view options (-l, -p, -C, -T, -g,
# -j, --junit), given to ltp-vm or among runltp's arguments after --, are
# taken out of what the guest's runltp gets and kept in the view_*
# variables; make_views then writes the fixed set under OUT and every
# view asked for. runltp's -K DIR and --kmsg (keep each test's kernel
# log) become --kmsg for the guest, which then records the logs, and a
# directory of them here.
#
# Where a view goes (as runltp places it under its own root, OUT standing
# for that root): a NAME without '/' in OUT/output/ (-l: OUT/results/), a
# relative path with a '/' relative to the directory ltp-vm was started
# in, an absolute path as it is.
#
# Uses from ltp-vm: usage_error, say, shell_quote.

view_log=
view_pretty=
view_failed=
view_tconf=
view_html=
view_json=
view_junit=
# runltp --kmsg or -K DIR: the guest records each test's kernel log; the
# host writes them out in OUT/output/dmesg/, or DIR.
view_kmsg=
view_kmsg_dir=
# runltp's arguments without the view options, shell-quoted for eval.
guest_args_q=

# view_option OPTION [VALUE]: keep a view option; false when OPTION is
# not one.
view_option() {
	case $1 in
	-p) view_pretty=1 ;;
	-l) view_log=$2 ;;
	-C) view_failed=$2 ;;
	-T) view_tconf=$2 ;;
	-g) view_html=$2 ;;
	-j) view_json=$2 ;;
	--junit) view_junit=$2 ;;
	-K | --kmsg)
		# the guest records the logs, the files are made here
		view_kmsg=1
		view_kmsg_dir=${2-}
		guest_add --kmsg
		;;
	*) return 1 ;;
	esac
}

guest_add() {
	for ga_word; do
		guest_args_q="$guest_args_q $(shell_quote "$ga_word")"
	done
}

# split_runltp_args ARG...: read runltp's arguments as runltp does
# (clusters such as -pq or -gFILE, --junit=FILE, --compare's files and
# what follows -- left alone), keep the view options and put the rest,
# one option a word, in guest_args_q.
split_runltp_args() {
	guest_args_q=
	while [ $# -gt 0 ]; do
		sr_arg=$1
		shift
		case $sr_arg in
		-- | --compare)
			guest_add "$sr_arg" "$@"
			return 0
			;;
		--junit=*) view_option --junit "${sr_arg#*=}" ;;
		--junit)
			[ $# -gt 0 ] || usage_error "runltp option --junit needs a value"
			view_option --junit "$1"
			shift
			;;
		--kmsg) view_option --kmsg ;;
		--timeout | --resume | --deadline | --workers)
			guest_add "$sr_arg"
			[ $# -eq 0 ] || { guest_add "$1"; shift; }
			;;
		--*) guest_add "$sr_arg" ;;
		-?*)
			sr_rest=${sr_arg#-}
			while [ -n "$sr_rest" ]; do
				sr_flag=$(printf '%.1s' "$sr_rest")
				sr_rest=${sr_rest#?}
				case $sr_flag in
				[fsSdtIxbBglCTojKzZcimDrwaFMW])
					if [ -n "$sr_rest" ]; then
						sr_val=$sr_rest
						sr_rest=
					elif [ $# -gt 0 ]; then
						sr_val=$1
						shift
					else
						# runltp in the guest says what is wrong
						case $sr_flag in
						[glCTjK]) usage_error "runltp option -$sr_flag needs a value" ;;
						esac
						guest_add "-$sr_flag"
						continue
					fi
					view_option "-$sr_flag" "$sr_val" ||
						guest_add "-$sr_flag" "$sr_val"
					;;
				R)
					# -R5: a seed; -Rq: -R -q (runltp's reading)
					case $sr_rest in
					'' | *[!0-9]*) guest_add -R ;;
					*)
						guest_add -R "$sr_rest"
						sr_rest=
						;;
					esac
					;;
				*) view_option "-$sr_flag" || guest_add "-$sr_flag" ;;
				esac
			done
			;;
		*) guest_add "$sr_arg" ;;
		esac
	done
}

# view_path DIR VALUE: where a view named VALUE goes (see the top).
view_path() {
	case $2 in
	'') ;;
	/*) echo "$2" ;;
	*/*) echo "$PWD/$2" ;;
	*) echo "$1/$2" ;;
	esac
}

# resolve_views OUT: the view_* names become paths; a view's directory
# must be there, so that a run is not wasted on a typing error.
resolve_views() {
	view_log=$(view_path "$1/results" "$view_log")
	view_failed=$(view_path "$1/output" "$view_failed")
	view_tconf=$(view_path "$1/output" "$view_tconf")
	view_html=$(view_path "$1/output" "$view_html")
	view_json=$(view_path "$1/output" "$view_json")
	view_junit=$(view_path "$1/output" "$view_junit")
	view_kmsg_dir=$(view_path "$1/output" "$view_kmsg_dir")
	for rv_file in "$view_log" "$view_failed" "$view_tconf" "$view_html" \
		"$view_json" "$view_junit" "$view_kmsg_dir"; do
		[ -n "$rv_file" ] || continue
		rv_dir=$(dirname "$rv_file")
		{ [ -d "$rv_dir" ] && [ -w "$rv_dir" ]; } ||
			usage_error "view $rv_file: $rv_dir is no writable directory"
	done
}

# make_views REPORT OUT RECORDS: the fixed set under OUT (a pretty log,
# the failed and TCONF lists, the HTML page, the kernel logs with --kmsg),
# then the views asked for, unless one is a file of the fixed set.
make_views() {
	mv_report=$1
	mv_out=$2
	mv_records=$3
	set -- -p -l "$mv_out/results/ltp.log" -C "$mv_out/output/failed" \
		-T "$mv_out/output/tconf" -g "$mv_out/output/report.html"
	[ -z "$view_kmsg" ] || [ -n "$view_kmsg_dir" ] ||
		set -- "$@" -K "$mv_out/output/dmesg"
	mv_fixed=" $* "
	"$mv_report" "$@" "$mv_records" || return 1

	set --
	mv_made=
	for mv_pair in "-l $view_log" "-C $view_failed" "-T $view_tconf" \
		"-g $view_html" "-j $view_json" "--junit $view_junit" \
		"-K $view_kmsg_dir"; do
		mv_file=${mv_pair#* }
		[ -n "$mv_file" ] || continue
		case $mv_fixed in *" $mv_file "*) continue ;; esac
		set -- "$@" "${mv_pair%% *}" "$mv_file"
		mv_made="$mv_made $mv_file"
	done
	[ $# -gt 0 ] || return 0
	# -p shapes the log alone
	[ -z "$view_pretty" ] || [ "$1" != -l ] || set -- -p "$@"
	"$mv_report" "$@" "$mv_records" || return 1
	say "views made on the host:$mv_made"
}
