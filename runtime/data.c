/* data.c - RtData: variables of a CmdStan-format JSON file (CmdStan Guide,
 * "JSON Format for CmdStan"), read with jansson, and the constraint checks
 * on data.
 *
 * The file is one object whose members are variables.  A value is a
 * number, one of the strings for the special reals ("inf", "+inf",
 * "-inf", "Infinity", "-Infinity", "NaN", any case), or an array of values
 * nested once per dimension, row-major; a complex is a [re, im] pair.
 * The bare atoms NaN, Inf and Infinity (also with '-'), which CmdStan
 * also reads but JSON does not allow, are quoted before jansson sees the
 * text, and an integer beyond 64 bits is made a real.  jansson keeps "3"
 * and "3.0" apart, so an int variable written as 3.0 is an error, as in
 * CmdStan.
 *
 * Tuples are objects with members "1", "2", ... (CmdStan Guide, "JSON
 * Format for CmdStan", tuples: "an object whose keys are the slot
 * numbers"; an array of tuples is an array of such objects).  A
 * variable taken apart (mir/untuple.c) reads one slot at a time by a
 * path: the variable's name, the array dimensions before its tuples as
 * "[,]" (one comma fewer than dimensions), the tuple's arity as "/n",
 * then ".k" and the same again for the slot: "x[]/2.2" is slot 2 of
 * every tuple of the array x.  Every tuple on the way must have exactly
 * its slots. */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pplrt.h"

/* Deeper declarations than this are refused (Stan programs rarely pass
 * 8). */
#define DATA_MAX_DIMS 32

struct RtData {
    json_t *root;            /* a JSON object */
};

/* ------------------------------------------------------------ parsing */

static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
           || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The bare atoms CmdStan reads (RapidJSON's NaN and Inf extension), the
 * longer spellings first. */
static const char *const bare_atoms[] = {
    "-Infinity", "Infinity", "-NaN", "NaN", "-Inf", "Inf",
};

/* The length of a bare atom at text[i] (a word on its own), or 0. */
static size_t bare_atom_at(const char *text, size_t len, size_t i)
{
    for (size_t a = 0; a < sizeof bare_atoms / sizeof bare_atoms[0]; a++) {
        size_t n = strlen(bare_atoms[a]);
        if (n <= len - i && memcmp(text + i, bare_atoms[a], n) == 0
            && (i + n == len || !is_word_char(text[i + n])))
            return n;
    }
    return 0;
}

/* The length of the number-like token at text[i] (digits, signs, '.',
 * 'e'), and in *big whether it is an integer (-?[1-9][0-9]*) outside the
 * 64-bit range that jansson refuses as "too big integer". */
static size_t number_at(const char *text, size_t len, size_t i, bool *big)
{
    size_t n = 0;
    while (i + n < len
           && (is_digit(text[i + n]) || text[i + n] == '-'
               || text[i + n] == '+' || text[i + n] == '.'
               || text[i + n] == 'e' || text[i + n] == 'E'))
        n++;
    const char *t = text + i;
    size_t sign = t[0] == '-' ? 1 : 0, digits = n - sign;
    *big = false;
    if (digits == 0 || t[sign] == '0'
        || (i + n < len && is_word_char(text[i + n])))
        return n;
    for (size_t k = sign; k < n; k++)
        if (!is_digit(t[k]))
            return n;
    /* INT64_MAX is 9223372036854775807, 19 digits */
    const char *limit = sign ? "9223372036854775808" : "9223372036854775807";
    *big = digits > 19 || (digits == 19 && memcmp(t + sign, limit, 19) > 0);
    return n;
}

/* Rewrite text for jansson as CmdStan reads it: the bare atoms NaN, Inf,
 * Infinity (and with '-') outside strings are quoted, so that they reach
 * the readers as special strings, and an integer too big for 64 bits
 * gets ".0", so that it is read as the real it is (CmdStan reads it as a
 * double; an int variable then reports it out of range).  Writes into out
 * when out is non-NULL and returns the new length; every rewrite makes
 * the text longer, so the length is len when nothing needs rewriting. */
static size_t normalize_text(const char *text, size_t len, char *out)
{
    size_t o = 0;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        size_t copy = 1;         /* characters of text copied as they are */
        const char *before = NULL, *after = NULL;
        if (in_string) {
            if (c == '\\' && i + 1 < len)
                copy = 2;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (i == 0 || (!is_word_char(text[i - 1])
                              && text[i - 1] != '-' && text[i - 1] != '+')) {
            size_t n = bare_atom_at(text, len, i);
            bool big = false;
            if (n) {
                before = after = "\"";
            } else if (c == '-' || is_digit(c)) {
                n = number_at(text, len, i, &big);
                if (big)
                    after = ".0";
            }
            if (n)
                copy = n;
        }
        if (before) {
            if (out)
                out[o] = *before;
            o++;
        }
        if (out)
            memcpy(out + o, text + i, copy);
        o += copy;
        i += copy - 1;
        if (after) {
            size_t n = strlen(after);
            if (out)
                memcpy(out + o, after, n);
            o += n;
        }
    }
    return o;
}

/* Parse text from `source` (a file name, for messages). */
static RtData *parse_text(const char *text, size_t len, const char *source,
                          RtError *err)
{
    /* a copy only when something needs rewriting: a large file is held
     * once beside its JSON tree */
    size_t qlen = normalize_text(text, len, NULL);
    char *copy = NULL;
    if (qlen != len) {
        copy = malloc(qlen + 1);
        if (!copy) {
            rt_error(err, "out of memory reading %s", source);
            return NULL;
        }
        normalize_text(text, len, copy);
        copy[qlen] = '\0';
    }
    json_error_t jerr;
    json_t *root = json_loadb(copy ? copy : text, qlen,
                              JSON_REJECT_DUPLICATES, &jerr);
    free(copy);
    if (!root) {
        rt_error(err, "%s, line %d, column %d: %s", source, jerr.line,
                 jerr.column, jerr.text);
        return NULL;
    }
    if (!json_is_object(root)) {
        json_decref(root);
        rt_error(err, "%s: the top level must be a JSON object"
                      " ({\"name\": value, ...})", source);
        return NULL;
    }
    RtData *d = malloc(sizeof *d);
    if (!d) {
        json_decref(root);
        rt_error(err, "out of memory reading %s", source);
        return NULL;
    }
    d->root = root;
    return d;
}

RtData *rt_data_parse(const char *json, RtError *err)
{
    return parse_text(json, strlen(json), "JSON data", err);
}

RtData *rt_data_load(const char *path, RtError *err)
{
    if (!path || !path[0])
        return rt_data_parse("{}", err);
    FILE *f = fopen(path, "rb");
    if (!f) {
        rt_error(err, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    const char *nul = NULL;
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len, f);
        /* a binary file is refused at its first NUL byte, so that
         * /dev/zero or /dev/urandom does not fill the memory first */
        nul = memchr(buf + len, '\0', got);
        len += got;
        if (nul || len < cap)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    bool failed = !buf || ferror(f);
    int saved_errno = errno;
    fclose(f);
    if (failed) {
        free(buf);
        rt_error(err, "cannot read %s: %s", path,
                 buf ? strerror(saved_errno) : "out of memory");
        return NULL;
    }
    if (nul) {
        rt_error(err, "%s: a NUL byte at offset %td (a JSON data file is"
                      " text)", path, nul - buf);
        free(buf);
        return NULL;
    }
    RtData *d = parse_text(buf, len, path, err);
    free(buf);
    return d;
}

void rt_data_free(RtData *d)
{
    if (!d)
        return;
    json_decref(d->root);
    free(d);
}

/* The JSON value of a variable: "x", or "x.1.2" for an element of a
 * tuple (CmdStan writes a tuple as an object with keys "1", "2", ...). */
static json_t *lookup(const RtData *d, const char *name)
{
    if (!d)
        return NULL;
    json_t *v = d->root;
    /* names of any length (a fixed buffer missed long ones) */
    char small[256], *key = small;
    size_t len = strlen(name);
    if (len >= sizeof small && !(key = malloc(len + 1)))
        return NULL;
    const char *p = name;
    while (v && *p) {
        size_t n = strcspn(p, ".");
        if (!json_is_object(v)) {
            v = NULL;
            break;
        }
        memcpy(key, p, n);
        key[n] = '\0';
        v = json_object_get(v, key);
        p += n;
        if (*p == '.')
            p++;
    }
    if (key != small)
        free(key);
    return v;
}

bool rt_data_has(const RtData *d, const char *name)
{
    return lookup(d, name) != NULL;
}

/* ------------------------------------------------------------ reading */

typedef enum ReadKind { READ_INT, READ_REAL, READ_COMPLEX } ReadKind;

/* A slot path ("x[]/2.2", see the top): per segment its key, the array
 * dimensions before its tuples and the tuples' arity (0: the last
 * segment, read as the declared shape). */
typedef struct PathSeg {
    const char *key;
    int len, ndims, arity;
} PathSeg;

/* One read of one variable against its declared shape. */
typedef struct Reader {
    const char *name;
    PathSeg segs[DATA_MAX_DIMS];
    int nseg;                    /* 0: a plain name */
    int seg_at;                  /* the segment being read */
    ReadKind kind;
    int ndims;
    const int *dims;
    int *ints;                   /* READ_INT */
    double *reals;               /* READ_REAL, READ_COMPLEX (pairs) */
    size_t pos;                  /* next scalar to fill */
    int idx[DATA_MAX_DIMS];      /* 0-based index of the current element */
    const json_t *top;
    RtError *err;
} Reader;

/* "y[2, 3]" of a path: the segments read so far with their indices
 * (x[2].2[1, 3]). */
static void path_element_name(char *buf, size_t size, const Reader *r,
                              int depth)
{
    int n = 0, d = 0;
    buf[0] = '\0';
    for (int s = 0; s <= r->seg_at && n >= 0 && (size_t)n < size; s++) {
        const PathSeg *g = &r->segs[s];
        n += snprintf(buf + n, size - (size_t)n, "%s%.*s", s ? "." : "",
                      g->len, g->key);
        int k = s < r->seg_at ? g->ndims : depth - d;
        for (int i = 0; i < k && n >= 0 && (size_t)n < size; i++)
            n += snprintf(buf + n, size - (size_t)n, "%s%d", i ? ", " : "[",
                          r->idx[d + i] + 1);
        if (k > 0 && n >= 0 && (size_t)n < size)
            n += snprintf(buf + n, size - (size_t)n, "]");
        d += k;
    }
}

/* "y" at depth 0, else "y[2, 3]" (1-based). */
static void element_name(char *buf, size_t size, const Reader *r, int depth)
{
    if (r->nseg > 0) {
        path_element_name(buf, size, r, depth);
        return;
    }
    int n = snprintf(buf, size, "%s", r->name);
    for (int k = 0; k < depth && n > 0 && (size_t)n < size; k++)
        n += snprintf(buf + n, size - (size_t)n, "%s%d", k ? ", " : "[",
                      r->idx[k] + 1);
    if (depth > 0 && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, "]");
}

/* A number as CmdStan prints it (6 significant digits); a JSON real that
 * is integral keeps its ".0" so that "N = 3.0" explains itself. */
static void format_number(char *buf, size_t size, double x, bool keep_point)
{
    if (isnan(x))
        snprintf(buf, size, "nan");
    else if (keep_point && x == floor(x) && fabs(x) < 1e15)
        snprintf(buf, size, "%.1f", x);
    else
        snprintf(buf, size, "%g", x);
}

/* What a value is, for "non-numeric value" messages. */
static void describe(char *buf, size_t size, const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_STRING:
        snprintf(buf, size, "\"%.60s\"", json_string_value(v));
        break;
    case JSON_TRUE:
        snprintf(buf, size, "true");
        break;
    case JSON_FALSE:
        snprintf(buf, size, "false");
        break;
    case JSON_NULL:
        snprintf(buf, size, "null");
        break;
    case JSON_ARRAY:
        snprintf(buf, size, "an array");
        break;
    default:
        snprintf(buf, size, "an object");
        break;
    }
}

/* Strings CmdStan reads as special reals: [+-]inf, [+-]infinity, nan, in
 * any case. */
static bool special_real(const char *s, double *x)
{
    double sign = 1.0;
    if (*s == '+' || *s == '-')
        sign = *s++ == '-' ? -1.0 : 1.0;
    if (strcasecmp(s, "inf") == 0 || strcasecmp(s, "infinity") == 0) {
        *x = sign * INFINITY;
        return true;
    }
    if (strcasecmp(s, "nan") == 0) {
        *x = NAN;
        return true;
    }
    return false;
}

/* Sizes found by following first elements from v. */
static int found_shape(const json_t *v, int *dims, int maxdims)
{
    int n = 0;
    while (json_is_array(v)) {
        size_t k = json_array_size(v);
        if (n < maxdims)
            dims[n] = (int)(k > INT_MAX ? INT_MAX : k);
        n++;
        if (k == 0)
            break;
        v = json_array_get(v, 0);
    }
    return n;
}

/* "(10)", "(2,5)", "()" for a scalar. */
static void format_dims(char *buf, size_t size, const int *dims, int n,
                        bool pair)
{
    int at = snprintf(buf, size, "(");
    for (int k = 0; k < n && at > 0 && (size_t)at < size; k++)
        at += snprintf(buf + at, size - (size_t)at, "%s%d", k ? "," : "",
                       dims[k]);
    if (pair && at > 0 && (size_t)at < size)
        at += snprintf(buf + at, size - (size_t)at, "%s2", n ? "," : "");
    if (at > 0 && (size_t)at < size)
        snprintf(buf + at, size - (size_t)at, ")");
}

static int tuple_error(const Reader *r, int depth)
{
    char where[256];
    element_name(where, sizeof where, r, depth);
    return rt_error(r->err, "variable %s: %s is an object (a tuple), where"
                            " %s belongs", r->name, where,
                    depth < r->ndims ? "an array" : "a number");
}

/* The whole value's shape (following first elements) against the
 * declaration: a different number of dimensions is reported with both
 * shapes.  An empty array found early is left to the element walk. */
static int check_ndims(const Reader *r)
{
    if (r->nseg > 0)
        return 0;   /* tuples on the way: the walk reports each level */
    int found[DATA_MAX_DIMS] = {0};
    int nall = found_shape(r->top, found, DATA_MAX_DIMS);
    int nfound = nall > DATA_MAX_DIMS ? DATA_MAX_DIMS : nall;
    bool pair = r->kind == READ_COMPLEX;
    int declared = r->ndims + (pair ? 1 : 0);
    bool ended_empty = nall == nfound && nfound > 0 && found[nfound - 1] == 0;
    if (nall == declared || (ended_empty && nall < declared))
        return 0;
    char want[160], got[160];
    format_dims(want, sizeof want, r->dims, r->ndims, pair);
    format_dims(got, sizeof got, found, nfound, false);
    if (nall > nfound) {         /* "(1,1,...)": more than were kept */
        size_t at = strlen(got);
        at -= at > 0 && got[at - 1] == ')';
        snprintf(got + at, sizeof got - at, ",...)");
    }
    return rt_error(r->err, "mismatch in number of dimensions of variable"
                            " %s: declared %s, found %s",
                    r->name, want, got);
}

/* The value at depth has the wrong nesting: an array where a number
 * belongs or the reverse. */
static int shape_error(const Reader *r, const json_t *v, int depth)
{
    bool pair = r->kind == READ_COMPLEX;
    if (check_ndims(r) != 0)
        return -1;
    char where[256], what[80];
    element_name(where, sizeof where, r, depth);
    describe(what, sizeof what, v);
    if (json_is_array(v))
        return rt_error(r->err, "variable %s: %s should be a number, found"
                                " an array", r->name, where);
    if (pair && depth == r->ndims)
        return rt_error(r->err, "complex variable %s: %s should be a"
                                " [real, imaginary] pair, found %s",
                        r->name, where, json_is_number(v) ? "a number" : what);
    return rt_error(r->err, "variable %s: %s should be an array of %d"
                            " values, found %s", r->name, where,
                    r->dims[depth], json_is_number(v) ? "a number" : what);
}

/* A real scalar: a number or a special string. */
static int read_real(Reader *r, const json_t *v, int depth, double *x)
{
    if (json_is_number(v)) {
        *x = json_number_value(v);
        return 0;
    }
    if (json_is_string(v) && special_real(json_string_value(v), x))
        return 0;
    if (json_is_object(v))
        return tuple_error(r, depth);
    if (json_is_array(v))
        return shape_error(r, v, depth);
    char where[256], what[80];
    element_name(where, sizeof where, r, depth);
    describe(what, sizeof what, v);
    return rt_error(r->err, "variable %s has a non-numeric value: %s = %s",
                    r->name, where, what);
}

static int read_int(Reader *r, const json_t *v, int depth)
{
    char where[256];
    if (json_is_integer(v)) {
        json_int_t k = json_integer_value(v);
        if (k < INT_MIN || k > INT_MAX) {
            element_name(where, sizeof where, r, depth);
            return rt_error(r->err, "int variable %s has a value out of the"
                                    " int range: %s = %" JSON_INTEGER_FORMAT,
                            r->name, where, k);
        }
        r->ints[r->pos++] = (int)k;
        return 0;
    }
    double x;
    if (read_real(r, v, depth, &x) != 0)
        return -1;
    char shown[64];
    element_name(where, sizeof where, r, depth);
    /* a whole number past the int range (3e9, or an integer too big for
     * 64 bits, which is read as a real) is out of range first */
    bool whole = isfinite(x) && x == floor(x);
    bool outside = whole && (x > INT_MAX || x < INT_MIN);
    format_number(shown, sizeof shown, x, json_is_real(v) && !outside);
    return rt_error(r->err, outside ? "int variable %s has a value out of"
                                      " the int range: %s = %s"
                                    : "int variable %s has a non-int value:"
                                      " %s = %s",
                    r->name, where, shown);
}

static int read_element(Reader *r, const json_t *v, int depth)
{
    if (r->kind == READ_INT)
        return read_int(r, v, depth);
    if (r->kind == READ_REAL)
        return read_real(r, v, depth, &r->reals[r->pos++]);
    if (json_is_object(v))
        return tuple_error(r, depth);
    if (!json_is_array(v) || json_array_size(v) != 2)
        return shape_error(r, v, depth);
    double re, im;
    if (read_real(r, json_array_get(v, 0), depth, &re) != 0
        || read_real(r, json_array_get(v, 1), depth, &im) != 0)
        return -1;
    r->reals[r->pos++] = re;
    r->reals[r->pos++] = im;
    return 0;
}

static bool has_zero(const int *dims, int from, int to)
{
    for (int k = from; k < to; k++)
        if (dims[k] == 0)
            return true;
    return false;
}

static int read_level(Reader *r, const json_t *v, int depth)
{
    if (depth == r->ndims)
        return read_element(r, v, depth);
    if (json_is_object(v))
        return tuple_error(r, depth);
    if (!json_is_array(v))
        return shape_error(r, v, depth);
    size_t n = json_array_size(v);
    /* an empty array stands for any shape with a zero in it */
    if (n == 0 && has_zero(r->dims, depth, r->ndims))
        return 0;
    if (n != (size_t)r->dims[depth]) {
        char where[256] = "";
        if (depth > 0) {
            char parent[240];
            element_name(parent, sizeof parent, r, depth);
            snprintf(where, sizeof where, " (in %s)", parent);
        }
        return rt_error(r->err, "mismatch in dimension %d of variable %s:"
                                " declared %d, found %zu%s",
                        depth + 1, r->name, r->dims[depth], n, where);
    }
    for (size_t i = 0; i < n; i++) {
        r->idx[depth] = (int)i;
        if (read_level(r, json_array_get(v, i), depth + 1) != 0)
            return -1;
    }
    return 0;
}

/* The segments of a slot path into r (r->name becomes the path
 * without its dimensions and arities, "x.2", for the messages); 0, or
 * -1 when name is no path. */
static int parse_path(Reader *r, char *pretty, size_t size)
{
    const char *p = r->name;
    if (!strpbrk(p, "[/"))
        return 0;
    size_t at = 0;
    while (*p) {
        if (r->nseg == DATA_MAX_DIMS)
            return -1;
        PathSeg *g = &r->segs[r->nseg++];
        g->key = p;
        g->len = (int)strcspn(p, "[/.");
        p += g->len;
        if (g->len == 0 || at + (size_t)g->len + 2 > size)
            return -1;
        if (at)
            pretty[at++] = '.';
        memcpy(pretty + at, g->key, (size_t)g->len);
        at += (size_t)g->len;
        pretty[at] = '\0';
        if (*p == '[') {
            g->ndims = 1;
            for (p++; *p == ','; p++)
                g->ndims++;
            if (*p++ != ']')
                return -1;
        }
        if (*p == '/') {
            char *end;
            long n = strtol(p + 1, &end, 10);
            if (end == p + 1 || n < 1 || n > INT_MAX)
                return -1;
            g->arity = (int)n;
            p = end;
        }
        if (*p == '.')
            p++;
        else if (*p)
            return -1;
    }
    for (int s = 0; s + 1 < r->nseg; s++)
        if (r->segs[s].arity == 0)
            return -1;
    r->name = pretty;
    return 0;
}

/* v, at segment seg of a path with k of its dimensions read: the rest of
 * its dimensions, then its tuples' slot (every tuple exactly its
 * slots), to the last segment, read as the declared shape. */
static int read_path(Reader *r, const json_t *v, int seg, int depth, int k)
{
    const PathSeg *g = &r->segs[seg];
    if (seg == r->nseg - 1)
        return read_level(r, v, depth);
    char where[256];
    if (k < g->ndims) {
        if (!json_is_array(v)) {
            char what[80];
            element_name(where, sizeof where, r, depth);
            describe(what, sizeof what, v);
            return rt_error(r->err, "variable %.*s: %s should be an array of"
                                    " %d tuples, found %s", r->segs[0].len,
                            r->segs[0].key, where,
                            r->dims[depth],
                            json_is_number(v) ? "a number" : what);
        }
        size_t n = json_array_size(v);
        if (n == 0 && has_zero(r->dims, depth, r->ndims))
            return 0;
        if (n != (size_t)r->dims[depth]) {
            element_name(where, sizeof where, r, depth);
            return rt_error(r->err, "mismatch in dimension %d of variable %s:"
                                    " declared %d, found %zu (in %s)",
                            depth + 1, r->name, r->dims[depth], n, where);
        }
        for (size_t i = 0; i < n; i++) {
            r->idx[depth] = (int)i;
            if (read_path(r, json_array_get(v, i), seg, depth + 1, k + 1))
                return -1;
        }
        return 0;
    }
    element_name(where, sizeof where, r, depth);
    bool exact = json_is_object(v) && json_object_size(v) == (size_t)g->arity;
    for (int i = 1; exact && i <= g->arity; i++) {
        char key[16];
        snprintf(key, sizeof key, "%d", i);
        exact = json_object_get(v, key) != NULL;
    }
    if (!exact) {
        char what[80];
        describe(what, sizeof what, v);
        if (json_is_object(v))
            snprintf(what, sizeof what, "an object with %zu member%s",
                     json_object_size(v), json_object_size(v) == 1 ? "" : "s");
        return rt_error(r->err, "variable %.*s: %s should be a tuple of %d"
                                " (an object with the keys \"1\" to \"%d\"),"
                                " found %s", r->segs[0].len, r->segs[0].key,
                        where, g->arity, g->arity,
                        json_is_number(v) ? "a number" : what);
    }
    char key[16];
    snprintf(key, sizeof key, "%.*s", r->segs[seg + 1].len,
             r->segs[seg + 1].key);
    const json_t *slot = json_object_get(v, key);
    if (!slot)
        return rt_error(r->err, "variable %s: %s has no slot %s", r->name,
                        where, key);
    r->seg_at = seg + 1;
    int rc = read_path(r, slot, seg + 1, depth, 0);
    r->seg_at = seg;
    return rc;
}

static int read_variable(const RtData *d, Reader *r)
{
    char pretty[256];
    const char *given = r->name;
    if (parse_path(r, pretty, sizeof pretty) != 0)
        return rt_error(r->err, "variable %s: not a valid slot path", given);
    if (r->ndims < 0 || r->ndims > DATA_MAX_DIMS)
        return rt_error(r->err, "variable %s: %d dimensions declared (at"
                                " most %d are supported)",
                        r->name, r->ndims, DATA_MAX_DIMS);
    for (int k = 0; k < r->ndims; k++)
        if (r->dims[k] < 0)
            return rt_error(r->err, "variable %s: dimension %d is declared"
                                    " with negative size %d",
                            r->name, k + 1, r->dims[k]);
    /* the elements are counted in int by the callers (rt_sizes.h) */
    int64_t count = 1;
    for (int k = 0; k < r->ndims; k++)
        if (!rt_size_mul(count, r->dims[k], &count) || count > RT_MAX_ELEMENTS)
            return rt_error(r->err, "variable %s: its declared dimensions "
                                    "make more than %d elements",
                            r->name, RT_MAX_ELEMENTS);
    if (r->nseg > 0) {
        char key[256];
        snprintf(key, sizeof key, "%.*s", r->segs[0].len, r->segs[0].key);
        r->top = d && json_is_object(d->root)
            ? json_object_get(d->root, key) : NULL;
        if (!r->top)
            return rt_error(r->err, "variable %s not found", key);
        return read_path(r, r->top, 0, 0, 0);
    }
    r->top = lookup(d, r->name);
    if (!r->top)
        return rt_error(r->err, "variable %s not found", r->name);
    if (!json_is_object(r->top) && check_ndims(r) != 0)
        return -1;
    return read_level(r, r->top, 0);
}

int rt_data_ints(const RtData *d, const char *name, int ndims,
                 const int *dims, int *out, RtError *err)
{
    Reader r = {.name = name, .kind = READ_INT, .ndims = ndims,
                .dims = dims, .ints = out, .err = err};
    return read_variable(d, &r);
}

int rt_data_reals(const RtData *d, const char *name, int ndims,
                  const int *dims, double *out, RtError *err)
{
    Reader r = {.name = name, .kind = READ_REAL, .ndims = ndims,
                .dims = dims, .reals = out, .err = err};
    return read_variable(d, &r);
}

int rt_data_complexes(const RtData *d, const char *name, int ndims,
                      const int *dims, double *out, RtError *err)
{
    Reader r = {.name = name, .kind = READ_COMPLEX, .ndims = ndims,
                .dims = dims, .reals = out, .err = err};
    return read_variable(d, &r);
}

int rt_data_dims(const RtData *d, const char *name, int maxdims, int *dims,
                 RtError *err)
{
    const json_t *v = lookup(d, name);
    if (!v)
        return rt_error(err, "variable %s not found", name);
    return found_shape(v, dims, maxdims);
}

/* ------------------------------------------------- constraint checks */

/* Messages in CmdStan's words: "y[3] is -1, but must be greater than or
 * equal to 0.000000" (the value with 6 significant digits, a real bound
 * as %f).  n == 1 is reported as a scalar, without an index. */

static int bound_error(const char *name, size_t i, size_t n,
                       const char *value, const char *relation,
                       const char *bound, RtError *err)
{
    if (n == 1)
        return rt_error(err, "%s is %s, but must be %s %s", name, value,
                        relation, bound);
    return rt_error(err, "%s[%zu] is %s, but must be %s %s", name, i + 1,
                    value, relation, bound);
}

/* x[i] against bounds[i % nb]: nb == 1 is one bound for every element,
 * a container bound (Stan's vector, row_vector or matrix bounds) repeats
 * for each array element of x. */
static int check_real(const char *name, const double *x, size_t n,
                      const double *bounds, size_t nb, bool lower,
                      RtError *err)
{
    for (size_t i = 0; i < n; i++) {
        double bound = bounds[i % nb];
        if (lower ? x[i] >= bound : x[i] <= bound)
            continue;
        char value[64], shown[64];
        format_number(value, sizeof value, x[i], false);
        snprintf(shown, sizeof shown, "%f", bound);
        return bound_error(name, i, n, value,
                           lower ? "greater than or equal to"
                                 : "less than or equal to",
                           shown, err);
    }
    return 0;
}

static int check_int(const char *name, const int *x, size_t n,
                     const int *bounds, size_t nb, bool lower, RtError *err)
{
    for (size_t i = 0; i < n; i++) {
        int bound = bounds[i % nb];
        if (lower ? x[i] >= bound : x[i] <= bound)
            continue;
        char value[32], shown[32];
        snprintf(value, sizeof value, "%d", x[i]);
        snprintf(shown, sizeof shown, "%d", bound);
        return bound_error(name, i, n, value,
                           lower ? "greater than or equal to"
                                 : "less than or equal to",
                           shown, err);
    }
    return 0;
}

int rt_check_lower(const char *name, const double *x, size_t n, double lb,
                   RtError *err)
{
    return check_real(name, x, n, &lb, 1, true, err);
}

int rt_check_upper(const char *name, const double *x, size_t n, double ub,
                   RtError *err)
{
    return check_real(name, x, n, &ub, 1, false, err);
}

int rt_check_lower_int(const char *name, const int *x, size_t n, int lb,
                       RtError *err)
{
    return check_int(name, x, n, &lb, 1, true, err);
}

int rt_check_upper_int(const char *name, const int *x, size_t n, int ub,
                       RtError *err)
{
    return check_int(name, x, n, &ub, 1, false, err);
}

int rt_check_bound_size(const char *name, const char *what, int nbound,
                        int per_item, RtError *err)
{
    if (nbound == per_item)
        return 0;
    return rt_error(err, "%s: the %s has %d elements, but must have %d (as "
                    "many as %s%s)", name, what, nbound, per_item,
                    "each vector or matrix of ", name);
}

int rt_check_lower_each(const char *name, const double *x, size_t n,
                        const double *lb, size_t nlb, RtError *err)
{
    return nlb == 0 ? 0 : check_real(name, x, n, lb, nlb, true, err);
}

int rt_check_upper_each(const char *name, const double *x, size_t n,
                        const double *ub, size_t nub, RtError *err)
{
    return nub == 0 ? 0 : check_real(name, x, n, ub, nub, false, err);
}
