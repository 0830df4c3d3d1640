#!/bin/sh
# build-test-module.sh SRC RELEASE DEST KDIR|stock CACHE
#
# Build the suite's test kernel modules (the Kbuild directory SRC, see
# doc/modules.md) for kernel RELEASE and put the .ko files into
# DEST/testcases/data/modules/RELEASE/, where the tests look in the guest.
#
# KDIR is a kernel build directory (an O= build or a source tree built in
# place, with Module.symvers) or an unpacked headers tree: the modules
# are built with 'make -C KDIR M=...'. With "stock", Debian's headers of
# RELEASE are fetched into CACHE like the stock kernel itself:
# linux-headers-RELEASE, the -common package it depends on and
# linux-kbuild-X.Y, downloaded with `apt-get download` and unpacked with
# `dpkg -x` (nothing is installed on this machine). Their Makefile
# includes the -common tree by its /usr/src path; the unpacked copy is
# pointed at its own -common tree instead.
#
# Exit 0 when the modules were built, 1 with the reason on stderr (the
# caller goes on without them: the module tests then say TCONF).
set -u

prog=build-test-module.sh
if [ $# -ne 5 ]; then
	echo "usage: $prog SRC RELEASE DEST KDIR|stock CACHE" >&2
	exit 1
fi
src=$1
release=$2
dest=$3
kdir=$4
cache=$5

fail() {
	echo "$prog: $*" >&2
	exit 1
}

# shellcheck source=src/vm/host/deb-cache.sh
. "$(dirname "$0")/deb-cache.sh"

# Debian's headers of $release, unpacked in the cache; prints the tree.
fetch_headers() {
	command -v apt-cache >/dev/null || fail "apt-cache not found: cannot fetch the headers of $release"
	command -v dpkg >/dev/null || fail "dpkg not found: cannot unpack the headers of $release"
	pkg=linux-headers-$release
	version=$(candidate_field "$pkg" Version)
	[ -n "$version" ] || fail "apt-cache knows no $pkg (run apt-get update?)"
	dir=$cache/headers-${release}_$version
	if [ ! -f "$dir/.complete" ]; then
		# "linux-headers-6.1.0-57-common (= V), linux-kbuild-6.1 (>= V), ..."
		deps=$(candidate_field "$pkg" Depends | tr ',' '\n' |
			sed 's/^ *//; s/ .*//' |
			grep -E '^linux-(headers-.*-common|kbuild-)')
		echo "$prog: downloading $pkg $version and $(echo "$deps" | tr '\n' ' ')into $cache" >&2
		mkdir -p "$cache" || fail "cannot create $cache"
		tmp=$(mktemp -d "$cache/.headers.XXXXXX") || exit 1
		trap 'rm -rf "$tmp"' EXIT
		# -common must match exactly; kbuild is asked for at the same
		# version (the Depends only says >=).
		set -- "$pkg=$version"
		for dep in $deps; do
			set -- "$@" "$dep=$version"
		done
		deb_fetch "$tmp" "$tmp/root" "$@" || fail "$deb_error"
		touch "$tmp/.complete"
		deb_keep "$tmp" "$dir" "$tmp"
		trap - EXIT
	fi
	tree=$dir/root/usr/src/linux-headers-$release
	[ -f "$tree/Makefile" ] || fail "$dir holds no usr/src/linux-headers-$release"
	# "include /usr/src/linux-headers-X-common/Makefile": the unpacked one.
	sed -i "s|^include /usr/src/|include $dir/root/usr/src/|" "$tree/Makefile" ||
		fail "cannot edit $tree/Makefile"
	echo "$tree"
}

[ -f "$src/Kbuild" ] || fail "no Kbuild in $src"
command -v make >/dev/null || fail "make not found (apt-get install make gcc)"
if [ "$kdir" = stock ]; then
	kdir=$(fetch_headers) || exit 1
fi
[ -f "$kdir/Makefile" ] || fail "$kdir is no kernel build or headers directory (no Makefile)"
kdir=$(cd "$kdir" && pwd -P) || exit 1

work=$(mktemp -d "${TMPDIR:-/tmp}/ltp-test-module.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cp "$src"/Kbuild "$src"/*.c "$src"/*.h "$work/" 2>/dev/null
[ -f "$work/Kbuild" ] || fail "cannot copy $src to $work"
echo "$prog: make -C $kdir M=$work modules" >&2
if ! make -C "$kdir" M="$work" modules >"$work/build.log" 2>&1; then
	tail -n 30 "$work/build.log" >&2
	fail "building the test modules against $kdir failed"
fi

out=$dest/testcases/data/modules/$release
mkdir -p "$out" || fail "cannot create $out"
for ko in "$work"/*.ko; do
	[ -f "$ko" ] || fail "the build in $work made no .ko"
	# insmod would refuse a module built for another kernel anyway.
	magic=$(modinfo -F vermagic "$ko" | cut -d ' ' -f 1)
	[ "$magic" = "$release" ] ||
		fail "$ko was built for '$magic', not $release: is $kdir the tree of that kernel?"
	cp "$ko" "$out/" || fail "cannot copy $ko to $out"
done
echo "$out"
