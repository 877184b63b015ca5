#!/bin/sh
# Writes the man page of a program from its --help, with help2man, so the page
# and --help never disagree. The page's one-line summary (NAME) is the first
# sentence of the description that follows the Usage lines, up to a comma.
#   scripts/man-page.sh HELP2MAN PROGRAM VERSION OUTPUT
set -eu
h2m=$1 prog=$2 version=$3 out=$4
summary=$("$prog" --help | awk '
    NR == 1 || /^[ \t]/ || /^$/ { next }
    { sub(/[.,:;(].*/, ""); print tolower(substr($0, 1, 1)) substr($0, 2); exit }')
if [ -z "$summary" ]; then
    echo "man-page.sh: $prog --help has no description line after its Usage lines" >&2
    exit 1
fi
exec "$h2m" --no-info --no-discard-stderr --version-string="$version" --name="$summary" \
    --output="$out" "$prog"
