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

last_what="NFS userland"
# shellcheck source=src/vm/host/deb-cache.sh
. "$(dirname "$0")/deb-cache.sh"

command -v apt-cache >/dev/null || use_last "apt-cache not found"
command -v dpkg >/dev/null || use_last "dpkg not found"
specs=
for pkg in $PACKAGES; do
	version=$(candidate_field "$pkg" Version)
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
deb_fetch "$tmp/debs" "$tmp/root" $specs || use_last "$deb_error"
echo "$specs" >"$tmp/root/.packages"
[ -x "$tmp/root/sbin/rpcbind" ] || [ -x "$tmp/root/usr/sbin/rpcbind" ] ||
	fail "the packages hold no rpcbind"
touch "$tmp/root/.complete"

deb_keep "$tmp/root" "$dir" "$tmp"
trap - EXIT
echo "$name" >"$last"
echo "$dir"
