#!/bin/sh
# Generate configure and Makefile.in. Test programs, shell tests, runtest
# files and scenario groups are discovered from the tree, so adding a test
# means adding its file and rerunning this.
set -e
cd "$(dirname "$0")"
mkdir -p m4
# Write then rename: a concurrent run must never see a half-written list.
build-aux/gen-lists > build-aux/generated.am.$$
mv build-aux/generated.am.$$ build-aux/generated.am
autoreconf -fi
