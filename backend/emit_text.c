/* emit_text.c - every text that the backend puts into emitted C as data
 * rather than code: C string literals (names, paths, messages, the
 * strings of print and reject) and the model's name.
 *
 * A file name, a --name or a string of the program never becomes C code:
 * each one is written through em_c_string, whose literal means exactly
 * the bytes it was given, and the model's name is made of [A-Za-z0-9_]
 * only (emit_model_name). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "emit.h"

/* Whether c is written as itself inside a C string literal: printable
 * ASCII except the quote and the backslash ('?' is handled apart). */
static bool plain(unsigned char c)
{
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
}

/* The characters that make a trigraph after "??" (C11 5.2.1.1). */
static bool trigraph_end(unsigned char c)
{
    return c && strchr("=/'()!<>-", c) != NULL;
}

const char *em_c_string(Arena *a, const char *s)
{
    /* the longest escape is 4 characters ("\377"), plus the quotes */
    size_t n = strlen(s);
    char *out = arena_alloc(a, 4 * n + 3);
    char *o = out;
    *o++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            *o++ = '\\';
            *o++ = (char)c;
        } else if (c == '?' && s[i + 1] == '?'
                   && trigraph_end((unsigned char)s[i + 2])) {
            /* two question marks and '=' would be a trigraph under
             * -std=c11; an escaped second one is not */
            *o++ = '?';
            *o++ = '\\';
        } else if (plain(c)) {
            *o++ = (char)c;
        } else {
            /* always three octal digits, so a following digit of the
             * text cannot extend the escape */
            *o++ = '\\';
            *o++ = (char)('0' + (c >> 6));
            *o++ = (char)('0' + ((c >> 3) & 7));
            *o++ = (char)('0' + (c & 7));
        }
    }
    *o++ = '"';
    *o = '\0';
    return out;
}

/* ------------------------------------------------------------ model name */

static bool name_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9') || c == '_';
}

bool emit_model_name_valid(const char *name)
{
    if (!name[0] || (name[0] >= '0' && name[0] <= '9'))
        return false;
    for (const char *c = name; *c; c++)
        if (!name_char((unsigned char)*c))
            return false;
    return true;
}

const char *emit_model_name(Arena *a, const char *stem)
{
    /* as stanc3 mangles it: letters, digits and '_' stay, '-' becomes
     * '_', any other byte c becomes "x<c in decimal>" (at most 4 bytes) */
    size_t n = strlen(stem);
    char *out = arena_alloc(a, 1 + 4 * n + sizeof "_model");
    char *o = out;
    if (stem[0] >= '0' && stem[0] <= '9')
        *o++ = '_';   /* a name starts with a letter or '_' */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)stem[i];
        if (name_char(c))
            *o++ = (char)c;
        else if (c == '-')
            *o++ = '_';
        else
            o += snprintf(o, 5, "x%u", (unsigned)c);
    }
    strcpy(o, "_model");
    return out;
}
