#!/bin/sh
# diag_args.sh - the catalogue of diagnostics (frontend/diag.def) is
# consistent with its uses:
#  - every use passes as many arguments as its entry's format has
#    conversions.  The compiler cannot check a format that lives in a
#    table, so this does: tc_error(tc, span, ID, args...), diag_emit(sink,
#    ID, span, args...), diag_emit_nospan(sink, ID, args...), the parser's
#    fail_at(p, token, ID, args...) and expect(p, kind, ID, args...), and
#    pedantic mode's ped_warn(c, span, about, ID, args...), in frontend/*.c
#    and analyses/*.c, with `c ? ID1 : ID2` checked for both;
#  - every entry is used (its name appears in a source file of the
#    compiler), and no two entries have the same format (one wording, one
#    entry).
# Prints "diag_args: N calls checked, M entries", or each problem (FILE: ID
# takes N arguments, given M; ID is never used; ID1 and ID2 have the same
# format) and fails.
cd "$(dirname "$0")/.." || exit 2
LC_ALL=C
export LC_ALL
awk '
# the text without comments, and with each string or character literal
# emptied (an apostrophe in a comment or a parenthesis in a string must
# not confuse the argument count)
function strip_strings(t,    out, i, c, q, two) {
    out = ""; q = ""
    for (i = 1; i <= length(t); i++) {
        c = substr(t, i, 1)
        two = substr(t, i, 2)
        if (q == "" && two == "/*") {
            i = index(substr(t, i + 2), "*/") + i + 2
            out = out " "
            continue
        }
        if (q == "" && two == "//") {
            while (i <= length(t) && substr(t, i, 1) != "\n") i++
            out = out "\n"
            continue
        }
        if (q != "") {
            if (c == "\\") { i++; continue }
            if (c == q) q = ""
            continue
        }
        if (c == "\"" || c == "\047") { q = c; out = out "\"\""; continue }
        out = out c
    }
    return out
}
FNR == 1 { file = FILENAME }
file ~ /diag\.def$/ {
    def = def $0 "\n"
    next
}
{ src[file] = src[file] $0 "\n" }
END {
    # the catalogue: DIAG(ID, CLASS, "format" "format" ...)
    n = split(def, parts, "DIAG\\(")
    for (k = 2; k <= n; k++) {
        e = parts[k]
        split(e, head, ",")
        id = head[1]; gsub(/[ \t\n]/, "", id)
        ids_in_order[++nentries] = id
        fmt = ""
        rest = e
        while (match(rest, /"([^"\\]|\\.)*"/)) {
            fmt = fmt substr(rest, RSTART + 1, RLENGTH - 2)
            rest = substr(rest, RSTART + RLENGTH)
            if (rest ~ /^[ \t\n]*\)/) break
        }
        # (a format that is only "%s" takes a text built elsewhere: the
        # signature mismatch explanation, an internal error)
        if (fmt != "%s" && fmt in format_of) {
            printf "%s and %s have the same format\n", format_of[fmt], id
            dup++
        }
        format_of[fmt] = id
        gsub(/%%/, "", fmt)
        # a conversion takes one argument, and one more per * (%.*s)
        convs[id] = 0
        while (match(fmt, /%[-+ #0]*(\*|[0-9]+)?(\.(\*|[0-9]+))?[hlLjzt]*[a-zA-Z]/)) {
            spec = substr(fmt, RSTART, RLENGTH)
            convs[id] += 1 + gsub(/\*/, "", spec)
            fmt = substr(fmt, RSTART + RLENGTH)
        }
    }
    checked = 0; bad = dup
    for (f in src) {
        text = strip_strings(src[f])
        calls = "(tc_error|diag_emit|diag_emit_nospan|fail_at|expect|ped_warn)"
        while (match(text, "(^|[^A-Za-z0-9_])" calls "\\(")) {
            fn = substr(text, RSTART, RLENGTH - 1)
            sub(/^[^A-Za-z_]/, "", fn)
            text = substr(text, RSTART + RLENGTH)
            # the arguments, split at top-level commas
            depth = 0; nargs = 1; arg[1] = ""
            for (i = 1; i <= length(text); i++) {
                c = substr(text, i, 1)
                if (c == "(" || c == "[" || c == "{") depth++
                else if (c == ")" || c == "]" || c == "}") {
                    if (depth == 0) break
                    depth--
                } else if (c == "," && depth == 0) { arg[++nargs] = ""; continue }
                arg[nargs] = arg[nargs] c
            }
            text = substr(text, i + 1)
            idx = fn == "tc_error" || fn == "fail_at" || fn == "expect" ? 3 \
                : fn == "ped_warn" ? 4 : 2
            extra = nargs - (fn == "diag_emit_nospan" ? 2 \
                             : fn == "ped_warn" ? 4 : 3)
            ids = arg[idx]
            if (ids ~ /const char|DiagId/) continue     # a definition
            gsub(/[ \t\n]/, "", ids)
            sub(/^.*\?/, "", ids)
            m = split(ids, alt, ":")
            for (j = 1; j <= m; j++) {
                id = alt[j]
                if (!(id in convs)) { if (id ~ /^D_/) print "unknown " id; continue }
                checked++
                if (convs[id] != extra) {
                    printf "%s: %s takes %d arguments, given %d\n", f, id,
                           convs[id], extra
                    bad++
                }
            }
        }
    }
    for (k = 1; k <= nentries; k++) {
        id = ids_in_order[k]
        used = 0
        for (f in src)
            if (match(src[f], "(^|[^A-Za-z0-9_])" id "([^A-Za-z0-9_]|$)")) {
                used = 1
                break
            }
        if (!used) { printf "%s is never used\n", id; bad++ }
    }
    if (checked == 0) { print "diag_args: no call found"; exit 1 }
    if (bad) exit 1
    printf "diag_args: %d calls checked, %d entries\n", checked, nentries
}' frontend/diag.def frontend/*.c analyses/*.c
