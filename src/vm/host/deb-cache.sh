# deb-cache.sh: shell functions shared by fetch-kernel.sh, fetch-nfs.sh
# and build-test-module.sh, which fetch Debian packages with
# `apt-get download` and unpack them with `dpkg -x` into a cache
# directory: nothing is installed on this machine. Sourced, not run; the
# caller defines fail() (print the reason and exit).
# shellcheck shell=sh
# The caller sets prog, cache, last and last_what and reads deb_error.
# shellcheck disable=SC2034,SC2154

# The value of field $2 of the candidate version of package $1, as apt
# would install it. apt-cache takes about half a second a call, which
# every guest run would pay: the answer is kept in the cache until the
# package lists or apt's configuration change (apt-get update replaces
# files in /var/lib/apt/lists, which changes its time).
candidate_field() {
	memo_dir=$cache/.apt-memo
	memo=$memo_dir/$({
		echo "$1 $2"
		stat -c '%n %Y' /var/lib/apt/lists /var/lib/dpkg/status \
			/etc/apt /etc/apt/sources.list.d /etc/apt/preferences.d \
			2>/dev/null
	} | sha256sum | cut -c 1-16)
	if [ -s "$memo" ]; then
		cat "$memo"
		return 0
	fi
	memo_value=$(apt-cache show --no-all-versions "$1" 2>/dev/null |
		sed -n "s/^$2: //p" | head -n 1)
	if [ -n "$memo_value" ] && mkdir -p "$memo_dir" 2>/dev/null; then
		echo "$memo_value" >"$memo.$$" && mv "$memo.$$" "$memo"
	fi
	echo "$memo_value"
}

# deb_fetch DEBDIR ROOT PKG=VERSION...: download the packages into DEBDIR
# (apt-get's output goes to DEBDIR/apt.log) and unpack each into ROOT.
# Returns 1 when the download fails or leaves no .deb, with apt-get's log
# on stderr and the reason in $deb_error; a failing `dpkg -x` is fatal.
# $deb is left naming the last package unpacked.
deb_fetch() {
	deb_dir=$1
	deb_root=$2
	shift 2
	# apt-get download as root warns that its _apt sandbox user cannot
	# write here; that is harmless, the log keeps it for a real failure.
	if ! (cd "$deb_dir" && apt-get download "$@") >"$deb_dir/apt.log" 2>&1
	then
		cat "$deb_dir/apt.log" >&2
		deb_error="apt-get download $* failed"
		return 1
	fi
	for deb in "$deb_dir"/*.deb; do
		if [ ! -f "$deb" ]; then
			deb_error="apt-get download left no .deb in $deb_dir"
			return 1
		fi
		dpkg -x "$deb" "$deb_root" || fail "dpkg -x $deb failed"
	done
}

# deb_keep TREE DIR TMP: move the finished TREE to DIR, unless another
# run made DIR meanwhile (then that one is kept), and remove TMP.
deb_keep() {
	if [ ! -e "$2" ]; then
		mv "$1" "$2" || fail "cannot move $1 to $2"
	fi
	rm -rf "$3"
}

# use_last REASON: fall back to the tree a previous run fetched (the
# name in the file $last, below $cache) and print it, or fail with REASON
# when the cache holds no complete one; $last_what says what such a tree
# is.
use_last() {
	if [ -f "$last" ]; then
		dir=$cache/$(cat "$last")
		if [ -f "$dir/.complete" ]; then
			echo "$prog: $1; using the cached $(basename "$dir")" >&2
			echo "$dir"
			exit 0
		fi
	fi
	fail "$1, and $cache holds no earlier $last_what"
}
