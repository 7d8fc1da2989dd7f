/* report.c - the validation report as JUnit XML (report.h): the results
 * model, the writer (libxml2's xmlTextWriter into memory, then one atomic
 * file through rt_out_open), the reader (libxml2's parser, no network, no
 * DTD, bounded size) and the merge of the shards of one run.
 *
 * Numbers are written and read in the C locale whatever LC_NUMERIC says:
 * the thread switches to a "C" locale object (uselocale) for the time of a
 * write or a read, so a comma-decimal locale never gives "1,500". */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>

#include "pplrt.h"
#include "report.h"

/* At most this many suites in a report, cases or properties in a suite:
 * far above any corpus, low enough that no count overflows an int. */
enum { MAX_ITEMS = 1 << 24 };

int drv_report_fail(char *why, size_t nwhy, const char *fmt, ...)
{
    if (why && nwhy > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, nwhy, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ------------------------------------------------------ cleaning text */

/* The length of the valid UTF-8 sequence at p (before end) and its code
 * point in *c; 0 when the bytes there are not valid UTF-8 (overlong forms,
 * surrogates and code points past U+10FFFF are not). */
static int utf8_decode(const unsigned char *p, const unsigned char *end,
                       uint32_t *c)
{
    unsigned char b = p[0];
    if (b < 0x80) {
        *c = b;
        return 1;
    }
    int len;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
        len = 2;
        *c = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
        len = 3;
        *c = b & 0x0F;
        if (b == 0xE0)
            lo = 0xA0;
        if (b == 0xED)
            hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        len = 4;
        *c = b & 0x07;
        if (b == 0xF0)
            lo = 0x90;
        if (b == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (end - p < len || p[1] < lo || p[1] > hi)
        return 0;
    for (int i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        *c = (*c << 6) | (p[i] & 0x3F);
    }
    return len;
}

/* Whether c may stand in an XML 1.0 document (section 2.2, Char), the
 * discouraged controls DEL and U+0080-U+009F left out too: a terminal
 * that prints the report must not meet a control either. */
static bool xml_char(uint32_t c)
{
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c < 0x7F)
           || (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
           || (c >= 0x10000 && c <= 0x10FFFF);
}

/* A copy of s cleaned as report.h says: invalid UTF-8 and forbidden
 * characters become U+FFFD; with one_line, tab, LF and CR become spaces.
 * Cleaning a cleaned string changes nothing.  NULL when out of memory. */
static char *clean_text(const char *s, bool one_line)
{
    size_t n = strlen(s);
    if (n > (SIZE_MAX - 1) / 3)
        return NULL;
    unsigned char *out = malloc(3 * n + 1), *o = out;
    if (!out)
        return NULL;
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        uint32_t c;
        int len = utf8_decode(p, end, &c);
        if (len == 0 || !xml_char(c)) {
            memcpy(o, "\xEF\xBF\xBD", 3);       /* U+FFFD */
            o += 3;
            p += len == 0 ? 1 : len;
        } else if (one_line && (c == '\t' || c == '\n' || c == '\r')) {
            *o++ = ' ';
            p++;
        } else {
            memcpy(o, p, (size_t)len);
            o += len;
            p += len;
        }
    }
    *o = '\0';
    return (char *)out;
}

/* Whether t is an ISO 8601 date and time as xs:dateTime reads it:
 * YYYY-MM-DDTHH:MM:SS, an optional fraction, an optional Z or +HH:MM. */
static bool valid_timestamp(const char *t)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:dd";
    size_t i = 0;
    for (; shape[i]; i++) {
        char want = shape[i];
        if (want == 'd' ? (t[i] < '0' || t[i] > '9') : t[i] != want)
            return false;
    }
    int year = atoi(t), month = atoi(t + 5), day = atoi(t + 8);
    int hour = atoi(t + 11), minute = atoi(t + 14), second = atoi(t + 17);
    static const int mdays[12] = {31, 29, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1 || day > mdays[month - 1]
        || hour > 23 || minute > 59 || second > 59)
        return false;
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (month == 2 && day == 29 && !leap)
        return false;
    const char *p = t + i;
    if (*p == '.') {
        if (p[1] < '0' || p[1] > '9')
            return false;
        for (p++; *p >= '0' && *p <= '9'; p++)
            continue;
    }
    if (*p == 'Z')
        return p[1] == '\0';
    if (*p == '+' || *p == '-')
        return strlen(p) == 6 && p[1] >= '0' && p[1] <= '1'
               && p[2] >= '0' && p[2] <= '9' && p[3] == ':'
               && p[4] >= '0' && p[4] <= '5' && p[5] >= '0' && p[5] <= '9'
               && atoi(p + 1) <= 14;
    return *p == '\0';
}

/* ---------------------------------------------------------- name index */

static const char *item_name(const void *items, size_t stride, int i)
{
    return *(char *const *)((const char *)items + (size_t)i * stride);
}

static size_t hash_name(const char *s)
{
    uint64_t h = 1469598103934665603u;                  /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return (size_t)h;
}

/* The index of the item named name, or -1. */
static int index_find(const DrvNameIndex *ix, const void *items,
                      size_t stride, const char *name)
{
    if (ix->nslots == 0)
        return -1;
    for (size_t h = hash_name(name) & (ix->nslots - 1);;
         h = (h + 1) & (ix->nslots - 1)) {
        int slot = ix->slots[h];
        if (slot == 0)
            return -1;
        if (strcmp(item_name(items, stride, slot - 1), name) == 0)
            return slot - 1;
    }
}

static void index_put(DrvNameIndex *ix, const void *items, size_t stride,
                      int i)
{
    size_t h = hash_name(item_name(items, stride, i)) & (ix->nslots - 1);
    while (ix->slots[h] != 0)
        h = (h + 1) & (ix->nslots - 1);
    ix->slots[h] = i + 1;
}

/* Index items 0..n-1 afresh (after a sort, or to grow); -1 when out of
 * memory (the old index is kept). */
static int index_rebuild(DrvNameIndex *ix, const void *items, size_t stride,
                         int n)
{
    size_t nslots = 16;
    while (nslots < 4 * (size_t)n)
        nslots *= 2;
    int *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return -1;
    free(ix->slots);
    ix->slots = slots;
    ix->nslots = nslots;
    for (int i = 0; i < n; i++)
        index_put(ix, items, stride, i);
    return 0;
}

/* Index item n-1, the newest of n. */
static int index_add(DrvNameIndex *ix, const void *items, size_t stride,
                     int n)
{
    if (2 * (size_t)n > ix->nslots)
        return index_rebuild(ix, items, stride, n);
    index_put(ix, items, stride, n - 1);
    return 0;
}

/* Room for one more element in *items (n used of *cap). */
static int grow(void **items, int *cap, int n, size_t size)
{
    if (n < *cap)
        return 0;
    if (n >= MAX_ITEMS)
        return -1;
    int ncap = *cap ? 2 * *cap : 8;
    void *p = realloc(*items, (size_t)ncap * size);
    if (!p)
        return -1;
    *items = p;
    *cap = ncap;
    return 0;
}

/* -------------------------------------------------------------- model */

void drv_report_init(DrvReport *r)
{
    memset(r, 0, sizeof *r);
}

static void free_props(DrvProperty *props, int n)
{
    for (int i = 0; i < n; i++) {
        free(props[i].name);
        free(props[i].value);
    }
    free(props);
}

static void free_suite(DrvSuite *s)
{
    free(s->name);
    free(s->timestamp);
    free_props(s->props, s->nprops);
    for (int i = 0; i < s->ncases; i++) {
        free(s->cases[i].name);
        free(s->cases[i].message);
        free(s->cases[i].details);
    }
    free(s->cases);
    free(s->case_index.slots);
}

void drv_report_free(DrvReport *r)
{
    free(r->name);
    free_props(r->props, r->nprops);
    for (int i = 0; i < r->nsuites; i++)
        free_suite(&r->suites[i]);
    free(r->suites);
    free(r->suite_index.slots);
    memset(r, 0, sizeof *r);
}

static int add_prop(DrvProperty **props, int *n, int *cap, const char *name,
                    const char *value, char *why, size_t nwhy)
{
    if (!name || !*name)
        return drv_report_fail(why, nwhy, "a report property has no name");
    if (grow((void **)props, cap, *n, sizeof **props) != 0)
        return drv_report_fail(why, nwhy, "out of memory adding property '%s'", name);
    char *cname = clean_text(name, true);
    char *cvalue = clean_text(value ? value : "", false);
    if (!cname || !cvalue) {
        free(cname);
        free(cvalue);
        return drv_report_fail(why, nwhy, "out of memory adding property '%s'", name);
    }
    (*props)[(*n)++] = (DrvProperty){cname, cvalue};
    return 0;
}

int drv_report_prop(DrvReport *r, const char *name, const char *value,
                    char *why, size_t nwhy)
{
    return add_prop(&r->props, &r->nprops, &r->capprops, name, value, why,
                    nwhy);
}

int drv_suite_prop(DrvSuite *s, const char *name, const char *value,
                   char *why, size_t nwhy)
{
    return add_prop(&s->props, &s->nprops, &s->capprops, name, value, why,
                    nwhy);
}

DrvSuite *drv_report_find(const DrvReport *r, const char *model)
{
    int i = index_find(&r->suite_index, r->suites, sizeof *r->suites, model);
    return i < 0 ? NULL : &r->suites[i];
}

const DrvCase *drv_suite_find(const DrvSuite *s, const char *name)
{
    int i = index_find(&s->case_index, s->cases, sizeof *s->cases, name);
    return i < 0 ? NULL : &s->cases[i];
}

DrvSuite *drv_report_suite(DrvReport *r, const char *model,
                           const char *timestamp, char *why, size_t nwhy)
{
    char now[32];
    if (!timestamp) {
        time_t t = time(NULL);
        struct tm tm;
        if (t == (time_t)-1 || !gmtime_r(&t, &tm)
            || strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
            drv_report_fail(why, nwhy, "cannot read the clock for model '%s': %s",
                 model, strerror(errno));
            return NULL;
        }
        timestamp = now;
    }
    if (!valid_timestamp(timestamp)) {
        drv_report_fail(why, nwhy, "the timestamp '%.40s' of model '%s' is not an "
             "ISO 8601 date and time (YYYY-MM-DDTHH:MM:SS)", timestamp,
             model);
        return NULL;
    }
    char *name = clean_text(model, true);
    char *stamp = strdup(timestamp);
    if (!name || !stamp || grow((void **)&r->suites, &r->capsuites,
                                r->nsuites, sizeof *r->suites) != 0) {
        free(name);
        free(stamp);
        drv_report_fail(why, nwhy, "out of memory adding model '%s'", model);
        return NULL;
    }
    const char *problem = NULL;
    if (!*name)
        problem = "a model's name is empty";
    else if (drv_report_find(r, name))
        problem = "the report already has model";
    if (problem) {
        drv_report_fail(why, nwhy, "%s%s%s%s", problem, *name ? " '" : "", name,
             *name ? "'" : "");
        free(name);
        free(stamp);
        return NULL;
    }
    DrvSuite *s = &r->suites[r->nsuites];
    memset(s, 0, sizeof *s);
    s->name = name;
    s->timestamp = stamp;
    if (index_add(&r->suite_index, r->suites, sizeof *r->suites,
                  r->nsuites + 1) != 0) {
        free_suite(s);
        drv_report_fail(why, nwhy, "out of memory adding model '%s'", model);
        return NULL;
    }
    r->nsuites++;
    return s;
}

static double clean_seconds(double seconds)
{
    return isfinite(seconds) && seconds > 0 ? seconds : 0;
}

int drv_suite_case(DrvSuite *s, const char *name, DrvCaseStatus status,
                   double seconds, const char *message, const char *details,
                   char *why, size_t nwhy)
{
    if (status < DRV_CASE_PASSED || status > DRV_CASE_SKIPPED)
        return drv_report_fail(why, nwhy, "case '%s' of model '%s' has no valid status",
                    name, s->name);
    if (status == DRV_CASE_PASSED)
        message = details = NULL;
    if (message && !*message)
        message = NULL;
    if (details && !*details)
        details = NULL;
    if (!message && (status == DRV_CASE_FAILED || status == DRV_CASE_ERROR))
        message = "(no message)";
    DrvCase c = {.seconds = clean_seconds(seconds), .status = status};
    c.name = clean_text(name ? name : "", true);
    c.message = message ? clean_text(message, true) : NULL;
    c.details = details ? clean_text(details, false) : NULL;
    int rc = 0;
    if (!c.name || (message && !c.message) || (details && !c.details)
        || grow((void **)&s->cases, &s->capcases, s->ncases,
                sizeof *s->cases) != 0)
        rc = drv_report_fail(why, nwhy, "out of memory adding case '%s' of model '%s'",
                  name ? name : "", s->name);
    else if (!*c.name)
        rc = drv_report_fail(why, nwhy, "a case of model '%s' has no name", s->name);
    else if (index_find(&s->case_index, s->cases, sizeof *s->cases,
                        c.name) >= 0)
        rc = drv_report_fail(why, nwhy, "model '%s' already has a case '%s'", s->name,
                  c.name);
    if (rc == 0) {
        s->cases[s->ncases] = c;
        if (index_add(&s->case_index, s->cases, sizeof *s->cases,
                      s->ncases + 1) != 0)
            rc = drv_report_fail(why, nwhy, "out of memory adding case '%s' of model "
                      "'%s'", c.name, s->name);
        else
            s->ncases++;
    }
    if (rc != 0) {
        free(c.name);
        free(c.message);
        free(c.details);
    }
    return rc;
}

DrvReportCounts drv_suite_counts(const DrvSuite *s)
{
    DrvReportCounts n = {.tests = s->ncases};
    for (int i = 0; i < s->ncases; i++) {
        n.failures += s->cases[i].status == DRV_CASE_FAILED;
        n.errors += s->cases[i].status == DRV_CASE_ERROR;
        n.skipped += s->cases[i].status == DRV_CASE_SKIPPED;
    }
    return n;
}

DrvReportCounts drv_report_counts(const DrvReport *r)
{
    DrvReportCounts n = {0};
    for (int i = 0; i < r->nsuites; i++) {
        DrvReportCounts s = drv_suite_counts(&r->suites[i]);
        n.tests += s.tests;
        n.failures += s.failures;
        n.errors += s.errors;
        n.skipped += s.skipped;
    }
    return n;
}

/* ------------------------------------------------------ the C locale */

/* The calling thread in the C locale from enter to leave. */
typedef struct CLocale {
    locale_t c, old;
} CLocale;

static int c_locale_enter(CLocale *l)
{
    l->c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (l->c == (locale_t)0)
        return -1;
    l->old = uselocale(l->c);
    return 0;
}

static void c_locale_leave(CLocale *l)
{
    uselocale(l->old);
    freelocale(l->c);
}

/* ------------------------------------------------------------- writer */

static const xmlChar *X(const char *s)
{
    return (const xmlChar *)s;
}

/* Each returns whether libxml2 took everything (its calls return < 0 on
 * failure, which is running out of memory for a writer into memory). */
static bool put_attr(xmlTextWriterPtr w, const char *name, const char *v)
{
    return xmlTextWriterWriteAttribute(w, X(name), X(v)) >= 0;
}

static bool put_int(xmlTextWriterPtr w, const char *name, int v)
{
    return xmlTextWriterWriteFormatAttribute(w, X(name), "%d", v) >= 0;
}

static bool put_seconds(xmlTextWriterPtr w, const char *name, double v)
{
    return xmlTextWriterWriteFormatAttribute(w, X(name), "%.3f",
                                             clean_seconds(v)) >= 0;
}

static bool put_counts(xmlTextWriterPtr w, DrvReportCounts n)
{
    return put_int(w, "tests", n.tests) && put_int(w, "failures", n.failures)
           && put_int(w, "errors", n.errors)
           && put_int(w, "skipped", n.skipped);
}

static bool put_props(xmlTextWriterPtr w, const DrvProperty *props, int n)
{
    if (n == 0)
        return true;
    bool ok = xmlTextWriterStartElement(w, X("properties")) >= 0;
    for (int i = 0; ok && i < n; i++)
        ok = xmlTextWriterStartElement(w, X("property")) >= 0
             && put_attr(w, "name", props[i].name)
             && put_attr(w, "value", props[i].value)
             && xmlTextWriterEndElement(w) >= 0;
    return ok && xmlTextWriterEndElement(w) >= 0;
}

static bool put_case(xmlTextWriterPtr w, const DrvSuite *s, const DrvCase *c)
{
    static const char *const outcome[] = {
        [DRV_CASE_FAILED] = "failure", [DRV_CASE_ERROR] = "error",
        [DRV_CASE_SKIPPED] = "skipped",
    };
    bool ok = xmlTextWriterStartElement(w, X("testcase")) >= 0
              && put_attr(w, "name", c->name)
              && put_attr(w, "classname", s->name)
              && put_seconds(w, "time", c->seconds);
    if (ok && c->status != DRV_CASE_PASSED) {
        ok = xmlTextWriterStartElement(w, X(outcome[c->status])) >= 0
             && (!c->message || put_attr(w, "message", c->message))
             && (!c->details
                 || xmlTextWriterWriteString(w, X(c->details)) >= 0)
             && xmlTextWriterEndElement(w) >= 0;
    }
    return ok && xmlTextWriterEndElement(w) >= 0;
}

static bool put_suite(xmlTextWriterPtr w, const DrvSuite *s)
{
    bool ok = xmlTextWriterStartElement(w, X("testsuite")) >= 0
              && put_attr(w, "name", s->name)
              && put_counts(w, drv_suite_counts(s))
              && put_seconds(w, "time", s->seconds)
              && put_attr(w, "timestamp", s->timestamp)
              && put_props(w, s->props, s->nprops);
    for (int i = 0; ok && i < s->ncases; i++)
        ok = put_case(w, s, &s->cases[i]);
    return ok && xmlTextWriterEndElement(w) >= 0;
}

static bool put_report(xmlTextWriterPtr w, const DrvReport *r)
{
    double seconds = 0;
    for (int i = 0; i < r->nsuites; i++)
        seconds += clean_seconds(r->suites[i].seconds);
    bool ok = xmlTextWriterSetIndent(w, 1) >= 0
              && xmlTextWriterSetIndentString(w, X("  ")) >= 0
              && xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL) >= 0
              && xmlTextWriterStartElement(w, X("testsuites")) >= 0
              && put_attr(w, "name", r->name ? r->name : "pplbench")
              && put_counts(w, drv_report_counts(r))
              && put_seconds(w, "time", seconds)
              && put_props(w, r->props, r->nprops);
    for (int i = 0; ok && i < r->nsuites; i++)
        ok = put_suite(w, &r->suites[i]);
    return ok && xmlTextWriterEndElement(w) >= 0
           && xmlTextWriterEndDocument(w) >= 0 && xmlTextWriterFlush(w) >= 0;
}

int drv_report_write(const DrvReport *r, const char *path,
                     const char *const *protect, int nprotect,
                     char *why, size_t nwhy)
{
    RtError err = {.msg = ""};
    if (rt_out_check(path, protect, nprotect, &err) != 0)
        return drv_report_fail(why, nwhy, "%s", err.msg);
    xmlBufferPtr buf = xmlBufferCreate();
    xmlTextWriterPtr w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL;
    CLocale loc;
    bool ok = w && c_locale_enter(&loc) == 0;
    if (ok) {
        ok = put_report(w, r);
        c_locale_leave(&loc);
    }
    if (w)
        xmlFreeTextWriter(w);
    if (!ok) {
        if (buf)
            xmlBufferFree(buf);
        return drv_report_fail(why, nwhy, "out of memory writing the report %s", path);
    }
    RtOutFile *o = rt_out_open(path, protect, nprotect, &err);
    int rc = 0;
    if (!o) {
        rc = drv_report_fail(why, nwhy, "%s", err.msg);
    } else {
        size_t len = (size_t)xmlBufferLength(buf);
        fwrite(xmlBufferContent(buf), 1, len, rt_out_stream(o));
        if (rt_out_commit(o, &err) != 0)
            rc = drv_report_fail(why, nwhy, "%s", err.msg);
    }
    xmlBufferFree(buf);
    return rc;
}

/* ------------------------------------------------------------- reader */

/* What the reader carries: the file's name for messages, and where its
 * first message goes. */
typedef struct Reader {
    const char *path;
    char *why;
    size_t nwhy;
} Reader;

static int read_fail(const Reader *rd, const xmlNode *at, const char *fmt,
                     ...) __attribute__((format(printf, 3, 4)));

static int read_fail(const Reader *rd, const xmlNode *at, const char *fmt,
                     ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    long line = at ? xmlGetLineNo(at) : -1;
    if (line > 0)
        return drv_report_fail(rd->why, rd->nwhy, "%s:%ld: %s", rd->path, line, msg);
    return drv_report_fail(rd->why, rd->nwhy, "%s: %s", rd->path, msg);
}

/* The whole file at path, at most DRV_REPORT_MAX_BYTES, in *buf. */
static int read_bounded(const Reader *rd, char **buf, size_t *len)
{
    int fd = open(rd->path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return read_fail(rd, NULL, "cannot open the report: %s",
                         strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = errno;
        close(fd);
        return read_fail(rd, NULL, "cannot read the report: %s",
                         S_ISDIR(st.st_mode) ? "it is a folder"
                         : e ? strerror(e) : "it is not a regular file");
    }
    size_t cap = (size_t)DRV_REPORT_MAX_BYTES + 1, n = 0;
    char *b = malloc(cap);
    if (!b) {
        close(fd);
        return read_fail(rd, NULL, "out of memory reading the report");
    }
    for (;;) {
        ssize_t got = read(fd, b + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            close(fd);
            free(b);
            return read_fail(rd, NULL, "cannot read the report: %s",
                             strerror(e));
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if (n == cap) {
            close(fd);
            free(b);
            return read_fail(rd, NULL, "the report is larger than %d bytes",
                             DRV_REPORT_MAX_BYTES);
        }
    }
    close(fd);
    *buf = b;
    *len = n;
    return 0;
}

static bool is_element(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name,
                                                 name) == 0;
}

/* Children a report may hold and the reader passes over: JUnit's captured
 * output, which pplbench does not write. */
static bool ignored_element(const xmlNode *n)
{
    return is_element(n, "system-out") || is_element(n, "system-err");
}

/* An attribute's value (xmlFree it), NULL when absent. */
static char *attr(const xmlNode *n, const char *name)
{
    return (char *)xmlGetNoNsProp(n, X(name));
}

static int read_seconds(const Reader *rd, const xmlNode *n, double *out)
{
    char *v = attr(n, "time");
    *out = 0;
    if (!v)
        return 0;
    bool ok = *v != '\0' && strspn(v, "0123456789.eE+-") == strlen(v);
    char *end = NULL;
    double x = ok ? strtod(v, &end) : 0;
    ok = ok && *end == '\0' && isfinite(x) && x >= 0;
    if (ok)
        *out = x;
    int rc = ok ? 0 : read_fail(rd, n, "time=\"%.40s\" is not a number of "
                                "seconds", v);
    xmlFree(v);
    return rc;
}

/* A count attribute, if present, must be what the element holds. */
static int check_count(const Reader *rd, const xmlNode *n, const char *name,
                       int have)
{
    char *v = attr(n, name);
    if (!v)
        return 0;
    bool ok = *v != '\0' && strspn(v, "0123456789") == strlen(v)
              && strlen(v) < 11 && atol(v) == have;
    int rc = ok ? 0 : read_fail(rd, n, "%s=\"%.40s\" but the element holds "
                                "%d", name, v, have);
    xmlFree(v);
    return rc;
}

static int check_counts(const Reader *rd, const xmlNode *n, DrvReportCounts c)
{
    return check_count(rd, n, "tests", c.tests) != 0
                   || check_count(rd, n, "failures", c.failures) != 0
                   || check_count(rd, n, "errors", c.errors) != 0
                   || check_count(rd, n, "skipped", c.skipped) != 0
               ? -1 : 0;
}

/* The <property> children of <properties> n into props. */
static int read_props(const Reader *rd, const xmlNode *n, DrvProperty **props,
                      int *nprops, int *cap)
{
    for (const xmlNode *p = n->children; p; p = p->next) {
        if (p->type != XML_ELEMENT_NODE)
            continue;
        if (!is_element(p, "property"))
            return read_fail(rd, p, "<%s> in <properties>", p->name);
        char *name = attr(p, "name"), *value = attr(p, "value");
        if (!value)
            value = (char *)xmlNodeGetContent(p);
        char msg[256] = "";
        int rc = name ? add_prop(props, nprops, cap, name, value, msg,
                                 sizeof msg)
                      : -1;
        xmlFree(name);
        xmlFree(value);
        if (rc != 0)
            return read_fail(rd, p, "%s", *msg ? msg : "a property has no "
                             "name");
    }
    return 0;
}

static int read_case(const Reader *rd, const xmlNode *n, DrvSuite *s)
{
    char *name = attr(n, "name"), *classname = attr(n, "classname");
    double seconds;
    int rc = 0;
    if (!name)
        rc = read_fail(rd, n, "a <testcase> of model '%s' has no name",
                       s->name);
    else if (read_seconds(rd, n, &seconds) != 0)
        rc = -1;
    if (rc == 0 && classname) {
        char *clean = clean_text(classname, true);
        if (!clean || strcmp(clean, s->name) != 0)
            rc = read_fail(rd, n, "the classname of case '%s' is '%s', not "
                           "its suite's model '%s'", name, classname,
                           s->name);
        free(clean);
    }
    DrvCaseStatus status = DRV_CASE_PASSED;
    const xmlNode *outcome = NULL;
    for (const xmlNode *c = n->children; rc == 0 && c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || ignored_element(c))
            continue;
        DrvCaseStatus st = is_element(c, "failure") ? DRV_CASE_FAILED
                           : is_element(c, "error") ? DRV_CASE_ERROR
                           : is_element(c, "skipped") ? DRV_CASE_SKIPPED
                           : DRV_CASE_PASSED;
        if (st == DRV_CASE_PASSED)
            rc = read_fail(rd, c, "<%s> in <testcase>", c->name);
        else if (outcome)
            rc = read_fail(rd, c, "case '%s' has both <%s> and <%s>", name,
                           outcome->name, c->name);
        status = st;
        outcome = c;
    }
    if (rc == 0) {
        char *message = outcome ? attr(outcome, "message") : NULL;
        char *details = outcome ? (char *)xmlNodeGetContent(outcome) : NULL;
        char msg[512] = "";
        if (drv_suite_case(s, name, status, seconds, message, details, msg,
                           sizeof msg) != 0)
            rc = read_fail(rd, n, "%s", msg);
        xmlFree(message);
        xmlFree(details);
    }
    xmlFree(name);
    xmlFree(classname);
    return rc;
}

static int read_suite(const Reader *rd, const xmlNode *n, DrvReport *r)
{
    char *name = attr(n, "name"), *stamp = attr(n, "timestamp");
    char msg[512] = "";
    DrvSuite *s = NULL;
    if (!name)
        read_fail(rd, n, "a <testsuite> has no name");
    else if (!(s = drv_report_suite(r, name, stamp, msg, sizeof msg)))
        read_fail(rd, n, "%s", msg);
    xmlFree(name);
    xmlFree(stamp);
    if (!s || read_seconds(rd, n, &s->seconds) != 0)
        return -1;
    bool had_cases = false, had_props = false;
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || ignored_element(c))
            continue;
        int rc;
        if (is_element(c, "properties") && !had_cases && !had_props) {
            rc = read_props(rd, c, &s->props, &s->nprops, &s->capprops);
            had_props = true;
        } else if (is_element(c, "testcase"))
            rc = read_case(rd, c, s);
        else
            rc = read_fail(rd, c, "<%s> in <testsuite>", c->name);
        if (rc != 0)
            return -1;
        had_cases |= is_element(c, "testcase");
    }
    return check_counts(rd, n, drv_suite_counts(s));
}

static int read_root(const Reader *rd, const xmlNode *root, DrvReport *r)
{
    if (is_element(root, "testsuite"))
        return read_suite(rd, root, r);
    if (!is_element(root, "testsuites"))
        return read_fail(rd, root, "the root element is <%s>, not "
                         "<testsuites>", root->name);
    char *name = attr(root, "name");
    if (name) {
        free(r->name);
        r->name = clean_text(name, true);
        xmlFree(name);
        if (!r->name)
            return read_fail(rd, root, "out of memory");
    }
    bool had_suites = false, had_props = false;
    for (const xmlNode *c = root->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        int rc;
        if (is_element(c, "properties") && !had_suites && !had_props) {
            rc = read_props(rd, c, &r->props, &r->nprops, &r->capprops);
            had_props = true;
        } else if (is_element(c, "testsuite"))
            rc = read_suite(rd, c, r);
        else
            rc = read_fail(rd, c, "<%s> in <testsuites>", c->name);
        if (rc != 0)
            return -1;
        had_suites |= is_element(c, "testsuite");
    }
    return check_counts(rd, root, drv_report_counts(r));
}

/* SAX callbacks that take the place of libxml2's: a document type
 * declaration stops the parser (a report has none; an internal subset
 * could declare entities that expand), and messages go nowhere (the
 * caller gets the first one from the context). */
static void refuse_dtd(void *ctx, const xmlChar *name, const xmlChar *id,
                       const xmlChar *system)
{
    (void)name, (void)id, (void)system;
    xmlParserCtxtPtr ctxt = ctx;
    ctxt->_private = (void *)"dtd";
    xmlStopParser(ctxt);
}

static void quiet(void *ctx, xmlErrorPtr e)
{
    (void)ctx, (void)e;
}

int drv_report_read(DrvReport *r, const char *path, char *why, size_t nwhy)
{
    Reader rd = {path, why, nwhy};
    char *buf = NULL;
    size_t len = 0;
    if (read_bounded(&rd, &buf, &len) != 0)
        return -1;
    if (len == 0) {
        free(buf);
        return read_fail(&rd, NULL, "the report is empty");
    }
    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(buf, (int)len);
    if (!ctxt) {
        free(buf);
        return read_fail(&rd, NULL, "out of memory parsing the report");
    }
    ctxt->sax->internalSubset = refuse_dtd;
    ctxt->sax->externalSubset = refuse_dtd;
    ctxt->sax->serror = quiet;
    ctxt->vctxt.error = NULL;
    ctxt->vctxt.warning = NULL;
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOERROR
                                | XML_PARSE_NOWARNING);
    int rc = 0;
    xmlParseDocument(ctxt);
    xmlDocPtr doc = ctxt->myDoc;
    if (ctxt->_private) {
        rc = read_fail(&rd, NULL, "the report has a document type "
                       "declaration (<!DOCTYPE>), which a report never has");
    } else if (!ctxt->wellFormed || !doc) {
        const xmlError *e = &ctxt->lastError;
        char msg[300];
        snprintf(msg, sizeof msg, "%s", e->message ? e->message
                 : "not well-formed XML");
        msg[strcspn(msg, "\n")] = '\0';
        rc = drv_report_fail(why, nwhy, "%s:%d: not a valid report: %s", path,
                  e->line > 0 ? e->line : 1, msg);
    }
    CLocale loc;
    if (rc == 0 && c_locale_enter(&loc) != 0)
        rc = read_fail(&rd, NULL, "cannot make the C locale: %s",
                       strerror(errno));
    else if (rc == 0) {
        rc = read_root(&rd, xmlDocGetRootElement(doc), r);
        c_locale_leave(&loc);
    }
    if (doc)
        xmlFreeDoc(doc);
    xmlFreeParserCtxt(ctxt);
    free(buf);
    return rc;
}

/* ------------------------------------------------------- merge, order */

/* Models in the order of their files: strcmp of "NAME.stan", the order in
 * which the batch lists a folder ("a-b" comes before "a", as "a-b.stan"
 * sorts before "a.stan"). */
static int compare_models(const void *pa, const void *pb)
{
    const DrvSuite *sa = pa, *sb = pb;
    const unsigned char *a = (const unsigned char *)sa->name;
    const unsigned char *b = (const unsigned char *)sb->name;
    static const unsigned char suffix[] = ".stan";
    size_t la = strlen((const char *)a), lb = strlen((const char *)b);
    for (size_t i = 0;; i++) {
        unsigned ca = i < la ? a[i] : i - la < 5 ? suffix[i - la] : 0;
        unsigned cb = i < lb ? b[i] : i - lb < 5 ? suffix[i - lb] : 0;
        if (ca != cb)
            return ca < cb ? -1 : 1;
        if (ca == 0)
            return 0;
    }
}

void drv_report_sort(DrvReport *r)
{
    if (r->nsuites < 2)
        return;
    qsort(r->suites, (size_t)r->nsuites, sizeof *r->suites, compare_models);
    /* the index is rebuilt in place: its slots array has room already */
    memset(r->suite_index.slots, 0,
           r->suite_index.nslots * sizeof *r->suite_index.slots);
    for (int i = 0; i < r->nsuites; i++)
        index_put(&r->suite_index, r->suites, sizeof *r->suites, i);
}

/* Properties that belong to one shard, not to the run (report.h). */
static bool shard_property(const char *name)
{
    return strcmp(name, "shard") == 0 || strcmp(name, "baseline") == 0
           || strncmp(name, "baseline:", 9) == 0;
}

static int find_prop(const DrvReport *r, const char *name, const char *value)
{
    for (int i = 0; i < r->nprops; i++)
        if (strcmp(r->props[i].name, name) == 0
            && (!value || strcmp(r->props[i].value, value) == 0))
            return i;
    return -1;
}

static int copy_suite(DrvReport *dst, const DrvSuite *s, char *why,
                      size_t nwhy)
{
    DrvSuite *d = drv_report_suite(dst, s->name, s->timestamp, why, nwhy);
    if (!d)
        return -1;
    d->seconds = s->seconds;
    for (int i = 0; i < s->nprops; i++)
        if (drv_suite_prop(d, s->props[i].name, s->props[i].value, why,
                           nwhy) != 0)
            return -1;
    for (int i = 0; i < s->ncases; i++) {
        const DrvCase *c = &s->cases[i];
        if (drv_suite_case(d, c->name, c->status, c->seconds, c->message,
                           c->details, why, nwhy) != 0)
            return -1;
    }
    return 0;
}

int drv_report_merge(DrvReport *dst, const DrvReport *src, char *why,
                     size_t nwhy)
{
    /* refuse before changing dst */
    for (int i = 0; i < src->nprops; i++) {
        const DrvProperty *p = &src->props[i];
        if (!shard_property(p->name) && find_prop(dst, p->name, p->value) < 0
            && find_prop(dst, p->name, NULL) >= 0)
            return drv_report_fail(why, nwhy, "the run-wide property '%s' differs: "
                        "'%.200s' and '%.200s' (not shards of one run)",
                        p->name,
                        dst->props[find_prop(dst, p->name, NULL)].value,
                        p->value);
    }
    for (int i = 0; i < src->nsuites; i++)
        if (drv_report_find(dst, src->suites[i].name))
            return drv_report_fail(why, nwhy, "model '%s' is in two of the reports "
                        "(shards of one run have no model in common)",
                        src->suites[i].name);
    if (!dst->name && src->name && !(dst->name = strdup(src->name)))
        return drv_report_fail(why, nwhy, "out of memory merging reports");
    int kept = 0;
    for (int i = 0; i < dst->nprops; i++) {
        if (shard_property(dst->props[i].name)) {
            free(dst->props[i].name);
            free(dst->props[i].value);
        } else {
            dst->props[kept++] = dst->props[i];
        }
    }
    dst->nprops = kept;
    int nbefore = dst->nprops;
    for (int i = 0; i < src->nprops; i++) {
        const DrvProperty *p = &src->props[i];
        bool have = false;
        for (int j = 0; j < nbefore && !have; j++)
            have = strcmp(dst->props[j].name, p->name) == 0
                   && strcmp(dst->props[j].value, p->value) == 0;
        if (!have && !shard_property(p->name)
            && drv_report_prop(dst, p->name, p->value, why, nwhy) != 0)
            return -1;
    }
    for (int i = 0; i < src->nsuites; i++)
        if (copy_suite(dst, &src->suites[i], why, nwhy) != 0)
            return -1;
    drv_report_sort(dst);
    return 0;
}
