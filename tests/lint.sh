#!/bin/sh
# lint.sh - line length and file size (make lint).
#
# Fails, listing each offence as FILE:LINE, when a line of a source file
# (*.c *.h *.def *.sh, the Makefiles) under support/ frontend/ driver/ tests/ is
# longer than 100 characters, or when a .c, .h or .def file is longer than
# 1500 lines.  Golden tests and the corpus are data, not code, and are left
# alone.  Prints "lint: ok" when there is nothing to report.

MAX_COLUMNS=100
MAX_LINES=1500

cd "$(dirname "$0")/.." || exit 2

# Characters, not bytes: the bytes 0x80-0xBF continue a UTF-8 character.
LC_ALL=C
export LC_ALL

files=$(find support frontend driver tests Makefile \
            \( -path tests/golden -o -path '*/corpus' \) -prune -o \
            -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \
                       -o -name '*.sh' -o -name Makefile \) -print |
        sort)

# shellcheck disable=SC2086
awk -v max_columns=$MAX_COLUMNS -v max_lines=$MAX_LINES '
    function finish_file() {
        if (file != "" && lines > max_lines && file ~ /\.(c|h|def)$/) {
            printf "%s: %d lines (at most %d)\n", file, lines, max_lines
            bad++
        }
    }
    FNR == 1 {
        finish_file()
        file = FILENAME
    }
    {
        lines = FNR
        text = $0
        columns = length(text)
        columns -= gsub(/[\200-\277]/, "", text)
        if (columns > max_columns) {
            printf "%s:%d: %d characters (at most %d)\n", FILENAME, FNR,
                   columns, max_columns
            bad++
        }
    }
    END {
        finish_file()
        if (bad) {
            printf "lint: %d problem%s\n", bad, bad == 1 ? "" : "s"
            exit 1
        }
        print "lint: ok"
    }
' $files
