#!/bin/sh
# extract-records.sh RAW RECORDS
#
# Turn what the guest wrote to its record UART (RAW) into a results file:
# carriage returns stripped, every complete JSON line (a whole line that
# starts with '{' and ends with '}') before the completion marker written
# to RECORDS. A line the guest was writing when it died is not complete
# and is dropped; the records before it are kept.
#
# Prints the marker's exit value ("LTP_VM_DONE exit=N" gives N), or
# nothing when there is no marker. Exit 0, or 3 when RAW cannot be read.
set -u

if [ $# -ne 2 ]; then
	echo "usage: extract-records.sh RAW RECORDS" >&2
	exit 3
fi
raw=$1
records=$2

if [ ! -r "$raw" ]; then
	echo "extract-records.sh: cannot read $raw" >&2
	exit 3
fi

# Only a newline ends a line: without one the last line is cut short.
drop_last=0
if [ -s "$raw" ] && [ "$(tail -c 1 "$raw" | od -An -tx1 | tr -d ' ')" != 0a ]
then
	drop_last=1
fi

tr -d '\r' <"$raw" | awk -v drop_last="$drop_last" -v out="$records" '
	BEGIN { printf "" > out }
	{ line[NR] = $0 }
	END {
		last = NR - drop_last
		for (i = 1; i <= last; i++) {
			if (line[i] ~ /^LTP_VM_DONE exit=[0-9]+$/) {
				sub(/^LTP_VM_DONE exit=/, "", line[i])
				print line[i]
				exit
			}
			if (line[i] ~ /^\{.*\}$/)
				print line[i] > out
		}
	}'
