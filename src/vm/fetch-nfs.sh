#!/bin/sh
# fetch-nfs.sh CACHE
#
# Make the NFS userland the guest needs to serve and mount NFS on its own
# loopback available in CACHE and print the directory it is unpacked in:
# Debian's rpcbind, nfs-common (mount.nfs, rpc.statd), nfs-kernel-server
# (rpc.nfsd, rpc.mountd, exportfs) and libwrap0 (which rpcbind, statd and
# mountd link against), fetched with `apt-get download` and unpacked with
# `dpkg -x`: nothing is installed on this machine and no service starts
# here. A later run finds the unpacked tree and needs no network; without
# package lists or network it falls back to the last tree this cache
# fetched.
#
# Exit 0 with the directory on stdout, 3 with the reason on stderr.
set -u

prog=fetch-nfs.sh
PACKAGES="rpcbind nfs-common nfs-kernel-server libwrap0"
if [ $# -ne 1 ]; then
	echo "usage: $prog CACHE" >&2
	exit 3
fi
cache=$1
last=$cache/last-nfs-userland

mkdir -p "$cache" || exit 3

fail() {
	echo "$prog: $*" >&2
	exit 3
}

use_last() {
	if [ -f "$last" ]; then
		dir=$cache/$(cat "$last")
		if [ -f "$dir/.complete" ]; then
			echo "$prog: $1; using the cached $(basename "$dir")" >&2
			echo "$dir"
			exit 0
		fi
	fi
	fail "$1, and $cache holds no earlier NFS userland"
}

command -v apt-cache >/dev/null || use_last "apt-cache not found"
command -v dpkg >/dev/null || use_last "dpkg not found"
specs=
for pkg in $PACKAGES; do
	version=$(apt-cache show --no-all-versions "$pkg" 2>/dev/null |
		sed -n 's/^Version: //p' | head -n 1)
	[ -n "$version" ] || use_last "apt-cache knows no $pkg (run apt-get update?)"
	specs="$specs $pkg=$version"
done
# One directory per set of versions: the name says what is in it.
name=nfs-userland_$(echo "$specs" | md5sum | cut -c1-12)
dir=$cache/$name
if [ -f "$dir/.complete" ]; then
	echo "$name" >"$last"
	echo "$dir"
	exit 0
fi

echo "$prog: downloading$specs into $cache" >&2
tmp=$(mktemp -d "$cache/.fetch-nfs.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/debs" "$tmp/root" || exit 3
# shellcheck disable=SC2086 # one argument per package=version
if ! (cd "$tmp/debs" && apt-get download $specs) >"$tmp/apt.log" 2>&1; then
	cat "$tmp/apt.log" >&2
	use_last "apt-get download failed"
fi
for deb in "$tmp"/debs/*.deb; do
	dpkg -x "$deb" "$tmp/root" || fail "dpkg -x $deb failed"
done
echo "$specs" >"$tmp/root/.packages"
[ -x "$tmp/root/sbin/rpcbind" ] || [ -x "$tmp/root/usr/sbin/rpcbind" ] ||
	fail "the packages hold no rpcbind"
touch "$tmp/root/.complete"

if [ -e "$dir" ]; then
	rm -rf "$tmp"
else
	mv "$tmp/root" "$dir" || fail "cannot move $tmp/root to $dir"
	rm -rf "$tmp"
fi
trap - EXIT
echo "$name" >"$last"
echo "$dir"
