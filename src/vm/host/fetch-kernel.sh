#!/bin/sh
# fetch-kernel.sh CACHE [METAPACKAGE]
#
# Make Debian's stock kernel available in CACHE and print the directory
# it is unpacked in (with boot/vmlinuz-RELEASE, boot/config-RELEASE and
# lib/modules/RELEASE, modules.dep generated). METAPACKAGE defaults to
# linux-image-cloud-amd64; its Depends names the real image package
# (linux-image-6.1.0-NN-cloud-amd64), which is downloaded with
# `apt-get download` and unpacked with `dpkg -x`: nothing is installed on
# this machine. A later run finds the unpacked tree and needs no network;
# without package lists or network it falls back to the last kernel this
# cache fetched.
#
# Exit 0 with the directory on stdout, 3 with the reason on stderr.
set -u

prog=fetch-kernel.sh
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $prog CACHE [METAPACKAGE]" >&2
	exit 3
fi
cache=$1
meta=${2:-linux-image-cloud-amd64}
last=$cache/last-stock-$meta

mkdir -p "$cache" || exit 3

fail() {
	echo "$prog: $*" >&2
	exit 3
}

# Fall back to the kernel a previous run fetched, when there is one.
last_what=kernel
# shellcheck source=src/vm/host/deb-cache.sh
. "$(dirname "$0")/deb-cache.sh"

# The real image package the metapackage depends on.
image_package() {
	candidate_field "$meta" Depends | tr ',' '\n' |
		sed 's/^ *//; s/ .*//' | grep '^linux-image-[0-9]' | head -n 1
}

command -v apt-cache >/dev/null || use_last "apt-cache not found"
real=$(image_package)
# A fresh machine may have no package lists yet; root can fetch them.
if [ -z "$real" ] && [ "$(id -u)" = 0 ] && [ ! -f "$last" ]; then
	echo "$prog: apt knows no $meta; running apt-get update" >&2
	apt-get update -q >&2 && real=$(image_package)
fi
[ -n "$real" ] || use_last "apt-cache knows no $meta (run apt-get update?)"
version=$(candidate_field "$real" Version)
[ -n "$version" ] || use_last "apt-cache knows no version of $real"

name=${real}_$version
dir=$cache/$name
if [ -f "$dir/.complete" ]; then
	echo "$name" >"$last"
	echo "$dir"
	exit 0
fi

echo "$prog: downloading $real $version into $cache" >&2
tmp=$(mktemp -d "$cache/.fetch.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT
deb_fetch "$tmp" "$tmp" "$real=$version" || use_last "$deb_error"

# Bookworm's packages ship lib/modules, later ones usr/lib/modules.
for base in "$tmp" "$tmp/usr"; do
	release=$(find "$base/lib/modules" -mindepth 1 -maxdepth 1 \
		-type d -exec basename {} \; 2>/dev/null | head -n 1)
	[ -n "$release" ] && break
done
if [ -z "$release" ] || [ ! -f "$tmp/boot/vmlinuz-$release" ]; then
	fail "$deb holds no boot/vmlinuz and lib/modules"
fi
# The package leaves modules.dep to its postinst; generate it here, in
# the unpacked copy, so modules.alias can resolve soft dependencies.
depmod -b "$base" "$release" ||
	echo "$prog: depmod failed; soft dependencies stay unresolved" >&2
touch "$tmp/.complete"

# Another run may have fetched the same kernel meanwhile: keep one.
deb_keep "$tmp" "$dir" "$tmp"
trap - EXIT
echo "$name" >"$last"
echo "$dir"
