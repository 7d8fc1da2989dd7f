/* label.c - label text that cannot break DOT nor show what it does not
 * say (viz_gv.h: viz_label_escape). */
#include <stdlib.h>
#include <string.h>

#include "viz_gv.h"

/* The length of the UTF-8 sequence at s (1 to 4), or 0 when s does not
 * start a valid one (overlong forms, surrogates and values past U+10FFFF
 * included). */
static int utf8_length(const unsigned char *s)
{
    unsigned c = s[0];
    int n;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2; min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3; min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4; min = 0x10000;
    } else {
        return 0;
    }
    unsigned value = c & (0x3fu >> (n - 1));
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        value = value << 6 | (s[i] & 0x3f);
    }
    if (value < min || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
        return 0;
    return n;
}

char *viz_label_escape(const char *raw, int max_chars)
{
    const unsigned char *s = (const unsigned char *)(raw ? raw : "");
    /* each byte becomes at most two ("\\", "\n"); "..." and the guard */
    size_t cap = 2 * strlen((const char *)s) + 8;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    size_t len = 0;
    int chars = 0;
    bool cut = false;
    while (*s) {
        if (max_chars > 0 && chars == max_chars) {
            cut = true;
            break;
        }
        /* keep room for "..." when this character is the last that fits */
        if (max_chars > 3 && chars == max_chars - 3) {
            const unsigned char *t = s;
            int rest = 0;
            while (*t && rest <= 3) {
                int k = utf8_length(t);
                t += k ? k : 1;
                rest++;
            }
            if (rest > 3) {
                cut = true;
                break;
            }
        }
        unsigned c = *s;
        if (c == '\\') {
            out[len++] = '\\';
            out[len++] = '\\';
            s++;
        } else if (c == '\r' || c == '\n') {
            out[len++] = '\\';
            out[len++] = 'n';
            s += (c == '\r' && s[1] == '\n') ? 2 : 1;
        } else if (c == '\t') {
            out[len++] = ' ';
            s++;
        } else if (c < 0x20 || c == 0x7f) {
            out[len++] = '?';
            s++;
        } else {
            int k = utf8_length(s);
            if (k == 0) {
                out[len++] = '?';
                s++;
            } else {
                memcpy(out + len, s, (size_t)k);
                len += (size_t)k;
                s += k;
            }
        }
        chars++;
    }
    if (cut) {
        memcpy(out + len, "...", 3);
        len += 3;
    } else if (len >= 2 && out[len - 1] == '\\') {
        /* an escaped backslash last: a DOT writer that escapes only quotes
         * (cgraph's agwrite) would write \\" and the quote would not end
         * the string; a final line end draws nothing */
        out[len++] = '\\';
        out[len++] = 'n';
    }
    out[len] = '\0';
    return out;
}
