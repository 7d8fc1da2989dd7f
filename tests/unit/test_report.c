/* test_report.c - the validation report (driver/report.h): building it,
 * writing JUnit XML and reading it back, hostile strings, a comma-decimal
 * locale, untrusted report files, merging shards, `pplbench merge` and the
 * --baseline comparison.
 *
 * The driver's files are not in a library, so they are included whole.
 * `test_report --write DIR` writes the reports of these tests into DIR
 * instead, for tests/report/run.sh to validate with xmllint and merge.
 * REPORT_TEST_LOCALE (tests/report/run.sh sets it, with LOCPATH, to a
 * de_DE.UTF-8 it builds) makes the locale test fail instead of skipping
 * when that locale cannot be set. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../driver/report.c"
#include "../../driver/baseline.c"
#include "../../driver/merge.c"

/* ------------------------------------------------------------ fixture */

typedef struct Fixture {
    char dir[64];
    char path[256];
} Fixture;

static int setup_dir(void **state)
{
    Fixture *fx = calloc(1, sizeof *fx);
    snprintf(fx->dir, sizeof fx->dir, "/tmp/pplbench-report-XXXXXX");
    assert_non_null(mkdtemp(fx->dir));
    *state = fx;
    return 0;
}

static int teardown_dir(void **state)
{
    Fixture *fx = *state;
    DIR *d = opendir(fx->dir);
    char p[512];
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", fx->dir, e->d_name);
        if (unlink(p) != 0)
            rmdir(p);
    }
    if (d)
        closedir(d);
    rmdir(fx->dir);
    free(fx);
    return 0;
}

/* dir/name (valid until the next call). */
static const char *at(Fixture *fx, const char *name)
{
    snprintf(fx->path, sizeof fx->path, "%s/%s", fx->dir, name);
    return fx->path;
}

static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return n;
}

static void put_file(const char *path, const char *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* The file at path, NUL-terminated (free it); its length in *n. */
static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *b = malloc(1 << 20);
    *n = fread(b, 1, (1 << 20) - 1, f);
    b[*n] = '\0';
    fclose(f);
    return b;
}

static char why[1024];

/* -------------------------------------------------------------- helpers */

static const char *const CHECKS[] = {"log_density", "gradient", "print",
                                     "gq"};

/* Model name's suite: for each job, one case per check; the job "bad"
 * fails its gradient, "crash" is an error, "gq" checks are skipped. */
static void add_model(DrvReport *r, const char *name, const char *const *jobs,
                      int njobs)
{
    DrvSuite *s = drv_report_suite(r, name, "2026-11-24T16:00:00Z", why,
                                   sizeof why);
    assert_non_null(s);
    s->seconds = 2.5;
    assert_int_equal(drv_suite_prop(s, "tolerance", "exact", why, sizeof why),
                     0);
    for (int j = 0; j < njobs; j++) {
        char prop[64], cname[64];
        snprintf(prop, sizeof prop, "speed:%s", jobs[j]);
        assert_int_equal(drv_suite_prop(s, prop, "1.050", why, sizeof why), 0);
        for (int c = 0; c < 4; c++) {
            snprintf(cname, sizeof cname, "%s:%s", jobs[j], CHECKS[c]);
            DrvCaseStatus st = DRV_CASE_PASSED;
            const char *msg = NULL, *det = NULL;
            if (strcmp(jobs[j], "bad") == 0 && c == 1) {
                st = DRV_CASE_FAILED;
                msg = "gradient component 2 differs at point 3";
                det = "point 3: theta = [0.5, -1]\nO0: 1.25\ncandidate: 1.5\n"
                      "tolerance: exact\ndumps: out/m/bad/diff.txt\n";
            } else if (strcmp(jobs[j], "crash") == 0) {
                st = DRV_CASE_ERROR;
                msg = "the candidate crashed (SIGSEGV)";
            } else if (c == 3) {
                st = DRV_CASE_SKIPPED;
                msg = "the model has no generated quantities";
            }
            assert_int_equal(drv_suite_case(s, cname, st, 0.25 * (c + 1), msg,
                                            det, why, sizeof why), 0);
        }
    }
}

static void assert_props_equal(const DrvProperty *a, int na,
                               const DrvProperty *b, int nb)
{
    assert_int_equal(na, nb);
    for (int i = 0; i < na; i++) {
        assert_string_equal(a[i].name, b[i].name);
        assert_string_equal(a[i].value, b[i].value);
    }
}

static void assert_opt_string_equal(const char *a, const char *b)
{
    if (!a || !b)
        assert_ptr_equal(a, b);
    else
        assert_string_equal(a, b);
}

/* a and b hold the same models, cases and properties; with times, the
 * same seconds (to the millisecond the file keeps) too. */
static void assert_reports_equal(const DrvReport *a, const DrvReport *b,
                                 bool times)
{
    assert_props_equal(a->props, a->nprops, b->props, b->nprops);
    assert_int_equal(a->nsuites, b->nsuites);
    for (int i = 0; i < a->nsuites; i++) {
        const DrvSuite *s = &a->suites[i], *t = &b->suites[i];
        assert_string_equal(s->name, t->name);
        assert_props_equal(s->props, s->nprops, t->props, t->nprops);
        assert_int_equal(s->ncases, t->ncases);
        if (times) {
            assert_string_equal(s->timestamp, t->timestamp);
            assert_true(fabs(s->seconds - t->seconds) < 0.0006);
        }
        for (int j = 0; j < s->ncases; j++) {
            const DrvCase *c = &s->cases[j], *d = &t->cases[j];
            assert_string_equal(c->name, d->name);
            assert_int_equal(c->status, d->status);
            assert_opt_string_equal(c->message, d->message);
            assert_opt_string_equal(c->details, d->details);
            if (times)
                assert_true(fabs(c->seconds - d->seconds) < 0.0006);
        }
    }
}

/* Every byte of s is valid UTF-8 of characters XML 1.0 allows. */
static void assert_clean(const char *s, bool one_line)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
    while (p < end) {
        uint32_t c;
        int len = utf8_decode(p, end, &c);
        assert_true(len > 0);
        assert_true(xml_char(c));
        if (one_line)
            assert_true(c != '\n' && c != '\r' && c != '\t');
        p += len;
    }
}

static void assert_well_formed(const char *path)
{
    xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR
                                                | XML_PARSE_NOWARNING);
    assert_non_null(doc);
    xmlFreeDoc(doc);
}

/* ---------------------------------------------------------------- tests */

static const char *const JOBS[] = {"lcm", "bad", "crash"};

static void test_build_and_counts(void **state)
{
    (void)state;
    DrvReport r;
    drv_report_init(&r);
    add_model(&r, "m1", JOBS, 3);
    add_model(&r, "m2", JOBS, 1);
    DrvReportCounts n = drv_report_counts(&r);
    assert_int_equal(n.tests, 16);
    assert_int_equal(n.failures, 1);
    assert_int_equal(n.errors, 4);
    assert_int_equal(n.skipped, 3);
    DrvReportCounts m = drv_suite_counts(&r.suites[1]);
    assert_int_equal(m.tests, 4);
    assert_int_equal(m.skipped, 1);
    assert_non_null(drv_report_find(&r, "m2"));
    assert_null(drv_report_find(&r, "m3"));
    assert_non_null(drv_suite_find(&r.suites[0], "bad:gradient"));
    assert_null(drv_suite_find(&r.suites[0], "bad:nothing"));
    /* a passed case keeps no message; a failure without one gets one */
    DrvSuite *s = &r.suites[1];
    assert_int_equal(drv_suite_case(s, "x:passed", DRV_CASE_PASSED, 1, "m",
                                    "d", why, sizeof why), 0);
    assert_null(drv_suite_find(s, "x:passed")->message);
    assert_int_equal(drv_suite_case(s, "x:failed", DRV_CASE_FAILED, NAN, NULL,
                                    "", why, sizeof why), 0);
    const DrvCase *c = drv_suite_find(s, "x:failed");
    assert_string_equal(c->message, "(no message)");
    assert_null(c->details);
    assert_true(c->seconds == 0);
    drv_report_free(&r);
}

static void test_duplicates_refused(void **state)
{
    (void)state;
    DrvReport r;
    drv_report_init(&r);
    DrvSuite *s = drv_report_suite(&r, "m", NULL, why, sizeof why);
    assert_non_null(s);
    assert_true(valid_timestamp(s->timestamp));
    assert_null(drv_report_suite(&r, "m", NULL, why, sizeof why));
    assert_non_null(strstr(why, "already has model 'm'"));
    /* names are one line: "a\nb" is "a b", so the second is a duplicate */
    assert_non_null(drv_report_suite(&r, "a\nb", NULL, why, sizeof why));
    assert_null(drv_report_suite(&r, "a b", NULL, why, sizeof why));
    assert_null(drv_report_suite(&r, "", NULL, why, sizeof why));
    assert_non_null(strstr(why, "empty"));
    const char *bad_stamps[] = {"yesterday", "2026-13-01T00:00:00",
                                "2026-02-29T00:00:00", "2026-11-24 16:00:00",
                                "2026-11-24T16:00:00+1", "2026-11-24T24:00:00",
                                "2026-11-24T16:00:00Zjunk"};
    for (size_t i = 0; i < sizeof bad_stamps / sizeof *bad_stamps; i++)
        assert_null(drv_report_suite(&r, "t", bad_stamps[i], why, sizeof why));
    assert_non_null(drv_report_suite(&r, "t", "2024-02-29T23:59:59.25+01:00",
                                     why, sizeof why));
    s = drv_report_find(&r, "m");
    assert_int_equal(drv_suite_case(s, "lcm:print", DRV_CASE_PASSED, 0, NULL,
                                    NULL, why, sizeof why), 0);
    assert_int_equal(drv_suite_case(s, "lcm:print", DRV_CASE_FAILED, 0, "x",
                                    NULL, why, sizeof why), -1);
    assert_non_null(strstr(why, "already has a case 'lcm:print'"));
    assert_int_equal(drv_suite_case(s, "", DRV_CASE_PASSED, 0, NULL, NULL,
                                    why, sizeof why), -1);
    assert_int_equal(drv_report_prop(&r, "", "v", why, sizeof why), -1);
    /* many names: the index finds each duplicate, none by mistake */
    char name[32];
    for (int i = 0; i < 20000; i++) {
        snprintf(name, sizeof name, "job%d:check", i);
        assert_int_equal(drv_suite_case(s, name, DRV_CASE_PASSED, 0, NULL,
                                        NULL, why, sizeof why), 0);
    }
    for (int i = 0; i < 20000; i += 97) {
        snprintf(name, sizeof name, "job%d:check", i);
        assert_int_equal(drv_suite_case(s, name, DRV_CASE_PASSED, 0, NULL,
                                        NULL, why, sizeof why), -1);
    }
    assert_int_equal(s->ncases, 20001);
    drv_report_free(&r);
}

static void test_write_read_back(void **state)
{
    Fixture *fx = *state;
    DrvReport r, back;
    drv_report_init(&r);
    drv_report_init(&back);
    assert_int_equal(drv_report_prop(&r, "version", "0.1.0", why, sizeof why),
                     0);
    assert_int_equal(drv_report_prop(&r, "flags", "--passes lcm,inline",
                                     why, sizeof why), 0);
    add_model(&r, "m1", JOBS, 3);
    add_model(&r, "m2", JOBS, 2);
    assert_int_equal(drv_report_write(&r, at(fx, "r.xml"), NULL, 0, why,
                                      sizeof why), 0);
    assert_int_equal(entries(fx->dir), 1);       /* no temporary left */
    assert_int_equal(drv_report_read(&back, at(fx, "r.xml"), why, sizeof why),
                     0);
    assert_string_equal(back.name, "pplbench");
    assert_reports_equal(&r, &back, true);
    size_t n;
    char *text = slurp(at(fx, "r.xml"), &n);
    assert_non_null(strstr(text, "<testsuites name=\"pplbench\" tests=\"20\" "
                           "failures=\"2\" errors=\"4\" skipped=\"4\" "
                           "time=\"5.000\">"));
    assert_non_null(strstr(text, "<testsuite name=\"m1\" tests=\"12\" "
                           "failures=\"1\" errors=\"4\" skipped=\"2\" "
                           "time=\"2.500\" timestamp=\"2026-11-24T16:00:00Z\">"));
    assert_non_null(strstr(text, "<testcase name=\"bad:gradient\" "
                           "classname=\"m1\" time=\"0.500\">"));
    assert_non_null(strstr(text, "<failure message=\"gradient component 2 "
                           "differs at point 3\">point 3: theta"));
    free(text);
    drv_report_free(&r);
    drv_report_free(&back);
}

/* A report whose every string is hostile. */
static void hostile_report(DrvReport *r)
{
    char every[256];
    for (int i = 1; i < 256; i++)
        every[i - 1] = (char)i;
    every[255] = '\0';
    const char *hostile[] = {
        "q\"uo'te <tag> & amp; &amp; ]]> end",
        "new\nline\r\nand\ttab",
        "bad utf8 \xff\xfe \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x82",
        "controls \x01\x02\x1b[31m\x7f \xc2\x80\xc2\x9b \xef\xbf\xbe",
        "fine \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xef\xbf\xbd",
        "trailing lead byte \xe2",
        every,
    };
    int nh = (int)(sizeof hostile / sizeof *hostile);
    drv_report_init(r);
    for (int i = 0; i < nh; i++) {
        char model[600];
        snprintf(model, sizeof model, "%d %s", i, hostile[i]);
        assert_int_equal(drv_report_prop(r, hostile[i], hostile[i], why,
                                         sizeof why), 0);
        DrvSuite *s = drv_report_suite(r, model, NULL, why, sizeof why);
        assert_non_null(s);
        assert_clean(s->name, true);
        assert_int_equal(drv_suite_prop(s, hostile[i], hostile[i], why,
                                        sizeof why), 0);
        for (int j = 0; j < nh; j++) {
            char name[600];
            snprintf(name, sizeof name, "job %d:%s", j, hostile[j]);
            DrvCaseStatus st = (DrvCaseStatus)(1 + (i + j) % 3);
            assert_int_equal(drv_suite_case(s, name, st, 1e-4 * j, hostile[j],
                                            hostile[i], why, sizeof why), 0);
            const DrvCase *c = &s->cases[s->ncases - 1];
            assert_clean(c->name, true);
            assert_clean(c->message, true);
            assert_clean(c->details, false);
        }
    }
}

static void test_hostile_strings(void **state)
{
    Fixture *fx = *state;
    DrvReport r, back;
    hostile_report(&r);
    drv_report_init(&back);
    /* what is kept of a hostile string */
    assert_string_equal(r.suites[1].name, "1 new line  and tab");
    assert_string_equal(r.props[1].value, "new\nline\r\nand\ttab");
    assert_string_equal(r.props[3].value,
                        "controls \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd[31m"
                        "\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd \xef\xbf\xbd");
    assert_string_equal(r.props[4].value, "fine \xc3\xa9 \xe2\x82\xac "
                        "\xf0\x9f\x98\x80 \xef\xbf\xbd");
    assert_int_equal(drv_report_write(&r, at(fx, "h.xml"), NULL, 0, why,
                                      sizeof why), 0);
    assert_well_formed(at(fx, "h.xml"));
    assert_int_equal(drv_report_read(&back, at(fx, "h.xml"), why, sizeof why),
                     0);
    assert_reports_equal(&r, &back, true);
    /* a message stays one line in the file: no raw or escaped line break
     * inside any message attribute */
    size_t n;
    char *text = slurp(at(fx, "h.xml"), &n);
    for (char *p = text; (p = strstr(p, " message=\"")); p++) {
        char *end = strchr(p + 10, '"');
        assert_non_null(end);
        assert_null(memchr(p, '\n', (size_t)(end - p)));
        *end = '\0';
        assert_null(strstr(p, "&#10;"));
        assert_null(strstr(p, "&#13;"));
        *end = '"';
    }
    free(text);
    drv_report_free(&r);
    drv_report_free(&back);
}

static void test_c_locale_numbers(void **state)
{
    Fixture *fx = *state;
    const char *want = getenv("REPORT_TEST_LOCALE");
    const char *names[] = {want ? want : "de_DE.UTF-8", "de_DE.utf8",
                           "fr_FR.UTF-8", "fr_FR.utf8"};
    const char *set = NULL;
    for (size_t i = 0; i < (want ? 1 : 4) && !set; i++)
        set = setlocale(LC_ALL, names[i]);
    if (!set) {
        if (want)
            fail_msg("REPORT_TEST_LOCALE=%s cannot be set", want);
        skip();
    }
    char probe[16];
    snprintf(probe, sizeof probe, "%.1f", 1.5);
    assert_string_equal(probe, "1,5");      /* the locale has a comma */
    DrvReport r, back, base;
    drv_report_init(&r);
    drv_report_init(&back);
    drv_report_init(&base);
    DrvSuite *s = drv_report_suite(&r, "m", "2026-11-24T16:00:00Z", why,
                                   sizeof why);
    s->seconds = 1234.5678;
    assert_int_equal(drv_suite_prop(s, "speed:lcm", "1.250", why, sizeof why),
                     0);
    assert_int_equal(drv_suite_case(s, "lcm:gradient", DRV_CASE_PASSED, 0.5,
                                    NULL, NULL, why, sizeof why), 0);
    assert_int_equal(drv_report_write(&r, at(fx, "l.xml"), NULL, 0, why,
                                      sizeof why), 0);
    size_t n;
    char *text = slurp(at(fx, "l.xml"), &n);
    assert_non_null(strstr(text, "time=\"1234.568\""));
    assert_non_null(strstr(text, "time=\"0.500\""));
    assert_null(strchr(text, ','));
    free(text);
    assert_int_equal(drv_report_read(&back, at(fx, "l.xml"), why, sizeof why),
                     0);
    assert_true(back.suites[0].cases[0].seconds == 0.5);
    assert_true(fabs(back.suites[0].seconds - 1234.568) < 1e-9);
    /* the baseline parses ratios with a point too */
    DrvSuite *o = drv_report_suite(&base, "m", NULL, why, sizeof why);
    assert_int_equal(drv_suite_prop(o, "speed:lcm", "1.000", why, sizeof why),
                     0);
    DrvBaseline b = {0};
    assert_int_equal(drv_report_baseline(&back, &base, "old.xml", &b, why,
                                         sizeof why), 0);
    assert_int_equal(b.slower, 1);
    assert_string_equal(b.lines[0], "slower: m lcm: gradient time ratio "
                        "1.000 -> 1.250 (+25.0%)");
    drv_baseline_free(&b);
    setlocale(LC_ALL, "C");
    drv_report_free(&r);
    drv_report_free(&back);
    drv_report_free(&base);
}

/* Reading text as a report fails with a message naming the file (and, for
 * XML that parses, the line), and leaves nothing to crash on. */
static void assert_read_fails(Fixture *fx, const char *text, size_t n,
                              const char *want)
{
    put_file(at(fx, "bad.xml"), text, n);
    DrvReport r;
    drv_report_init(&r);
    why[0] = '\0';
    assert_int_equal(drv_report_read(&r, at(fx, "bad.xml"), why, sizeof why),
                     -1);
    assert_non_null(strstr(why, "bad.xml"));
    if (want && !strstr(why, want))
        fail_msg("reading gave '%s', not '%s'", why, want);
    drv_report_free(&r);
}

static void test_read_untrusted(void **state)
{
    Fixture *fx = *state;
    DrvReport r;
    drv_report_init(&r);
    add_model(&r, "m1", JOBS, 3);
    assert_int_equal(drv_report_write(&r, at(fx, "good.xml"), NULL, 0, why,
                                      sizeof why), 0);
    drv_report_free(&r);
    size_t n;
    char *good = slurp(at(fx, "good.xml"), &n);
    /* every truncation of a good report is an error, not a crash */
    for (size_t len = 0; len < n - 1; len++)
        assert_read_fails(fx, good, len, NULL);
    /* garbage */
    char junk[4096];
    uint64_t x = 88172645463325252u;
    for (size_t i = 0; i < sizeof junk; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        junk[i] = (char)x;
    }
    assert_read_fails(fx, junk, sizeof junk, "not a valid report");
    assert_read_fails(fx, "", 0, "empty");
    /* a DTD, with entities that expand a billion times or read a file */
    const char *laughs =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY a \"aaaaaaaaaa\">"
        "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
        "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]>\n"
        "<testsuites name=\"&c;\" tests=\"0\" failures=\"0\" errors=\"0\" "
        "skipped=\"0\" time=\"0.000\"/>\n";
    assert_read_fails(fx, laughs, strlen(laughs), "document type");
    const char *xxe =
        "<?xml version=\"1.0\"?>\n"
        "<!DOCTYPE t [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
        "<testsuites name=\"&x;\"/>\n";
    assert_read_fails(fx, xxe, strlen(xxe), "document type");
    const char *ext = "<!DOCTYPE testsuites SYSTEM \"http://x.invalid/a.dtd\">"
                      "<testsuites/>";
    assert_read_fails(fx, ext, strlen(ext), "document type");
    const char *undefined = "<testsuites name=\"&nope;\"/>";
    assert_read_fails(fx, undefined, strlen(undefined), "not a valid report");
    /* well-formed, but not a report */
    static const struct {
        const char *text, *want;
    } shapes[] = {
        {"<html/>", ":1: the root element is <html>"},
        {"<testsuites><testcase name=\"a\"/></testsuites>",
         "<testcase> in <testsuites>"},
        {"<testsuites><testsuite/></testsuites>", "has no name"},
        {"<testsuites><testsuite name=\"m\"><testcase/></testsuite>"
         "</testsuites>", "has no name"},
        {"<testsuites tests=\"2\"><testsuite name=\"m\"><testcase name=\"a\"/>"
         "</testsuite></testsuites>", "tests=\"2\" but the element holds 1"},
        {"<testsuites><testsuite name=\"m\" failures=\"x\"/></testsuites>",
         "failures=\"x\""},
        {"<testsuites><testsuite name=\"m\" tests=\"99999999999999\"/>"
         "</testsuites>", "tests=\"99999999999999\""},
        {"<testsuites><testsuite name=\"m\"><testcase name=\"a\" time=\"1,5\"/>"
         "</testsuite></testsuites>", "time=\"1,5\" is not a number"},
        {"<testsuites><testsuite name=\"m\" time=\"nan\"/></testsuites>",
         "time=\"nan\""},
        {"<testsuites><testsuite name=\"m\"><testcase name=\"a\" "
         "classname=\"other\"/></testsuite></testsuites>", "not its suite's"},
        {"<testsuites><testsuite name=\"m\"><testcase name=\"a\"><failure/>"
         "<error/></testcase></testsuite></testsuites>", "both <failure>"},
        {"<testsuites><testsuite name=\"m\"><testcase name=\"a\"/>"
         "<testcase name=\"a\"/></testsuite></testsuites>",
         ":1: model 'm' already has a case 'a'"},
        {"<testsuites><testsuite name=\"m\"/>\n<testsuite name=\"m\"/>"
         "</testsuites>", ":2: the report already has model 'm'"},
        {"<testsuites><testsuite name=\"m\" timestamp=\"today\"/>"
         "</testsuites>", "not an ISO 8601"},
        {"<testsuites><properties><x/></properties></testsuites>",
         "<x> in <properties>"},
        {"<testsuites><properties/><properties/></testsuites>",
         "<properties> in <testsuites>"},
        {"<testsuites><testsuite name=\"m\"><properties/><testcase name=\"a\"/>"
         "<properties/></testsuite></testsuites>", "<properties> in <testsuite>"},
        {"<testsuites><properties><property value=\"v\"/></properties>"
         "</testsuites>", "has no name"},
        {"<testsuites><testsuite name=\"m\"><blob/></testsuite></testsuites>",
         "<blob> in <testsuite>"},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
        assert_read_fails(fx, shapes[i].text, strlen(shapes[i].text),
                          shapes[i].want);
    /* not a file: absent, a folder, too large */
    DrvReport q;
    drv_report_init(&q);
    assert_int_equal(drv_report_read(&q, at(fx, "absent.xml"), why,
                                     sizeof why), -1);
    assert_non_null(strstr(why, "No such file"));
    assert_int_equal(drv_report_read(&q, fx->dir, why, sizeof why), -1);
    assert_non_null(strstr(why, "folder"));
    FILE *f = fopen(at(fx, "big.xml"), "wb");
    assert_non_null(f);
    assert_int_equal(fseek(f, DRV_REPORT_MAX_BYTES, SEEK_SET), 0);
    fputc(' ', f);
    fclose(f);
    assert_int_equal(drv_report_read(&q, at(fx, "big.xml"), why, sizeof why),
                     -1);
    assert_non_null(strstr(why, "larger than"));
    unlink(at(fx, "big.xml"));
    /* another JUnit writer's single suite, with output and CDATA, reads */
    const char *other =
        "<testsuite name=\"m\" tests=\"2\"><system-out>x</system-out>"
        "<testcase name=\"a:b\" classname=\"m\" time=\"1e-3\"><failure "
        "message=\"m\"><![CDATA[a < b]]></failure></testcase>"
        "<testcase name=\"a:c\"/></testsuite>";
    put_file(at(fx, "other.xml"), other, strlen(other));
    assert_int_equal(drv_report_read(&q, at(fx, "other.xml"), why, sizeof why),
                     0);
    assert_int_equal(q.nsuites, 1);
    assert_string_equal(q.suites[0].cases[0].details, "a < b");
    assert_true(q.suites[0].cases[0].seconds == 0.001);
    drv_report_free(&q);
    free(good);
}

static void test_write_refused(void **state)
{
    Fixture *fx = *state;
    DrvReport r;
    drv_report_init(&r);
    add_model(&r, "m1", JOBS, 1);
    const char *input = "an input, not to be replaced\n";
    char in[256];
    snprintf(in, sizeof in, "%s", at(fx, "in.xml"));
    put_file(in, input, strlen(input));
    const char *protect[] = {in};
    assert_int_equal(drv_report_write(&r, in, protect, 1, why, sizeof why),
                     -1);
    assert_non_null(strstr(why, "in.xml"));
    /* through another name of the same file */
    assert_int_equal(symlink("in.xml", at(fx, "link.xml")), 0);
    assert_int_equal(drv_report_write(&r, at(fx, "link.xml"), protect, 1, why,
                                      sizeof why), -1);
    size_t n;
    char *text = slurp(in, &n);
    assert_string_equal(text, input);
    free(text);
    assert_int_equal(drv_report_write(&r, fx->dir, NULL, 0, why, sizeof why),
                     -1);
    assert_int_equal(drv_report_write(&r, at(fx, "no/such/dir.xml"), NULL, 0,
                                      why, sizeof why), -1);
    assert_int_equal(entries(fx->dir), 2);      /* in.xml, link.xml */
    drv_report_free(&r);
}

/* The unsharded run of models (in the batch's order) and its two shards
 * (alternate models), each shard with its "shard" property. */
static const char *const MODELS[] = {"a-b", "a", "a_b", "b", "zeta"};
enum { NMODELS = 5 };

static void run_report(DrvReport *r, int shard)
{
    drv_report_init(r);
    assert_int_equal(drv_report_prop(r, "version", "0.1.0", why, sizeof why),
                     0);
    assert_int_equal(drv_report_prop(r, "passes", "lcm,bad", why, sizeof why),
                     0);
    if (shard > 0) {
        char k[16];
        snprintf(k, sizeof k, "%d/2", shard);
        assert_int_equal(drv_report_prop(r, "shard", k, why, sizeof why), 0);
        assert_int_equal(drv_report_prop(r, "baseline:summary", k, why,
                                         sizeof why), 0);
    }
    for (int i = 0; i < NMODELS; i++)
        if (shard == 0 || i % 2 == shard - 1)
            add_model(r, MODELS[i], JOBS, 2);
}

static void test_merge_shards(void **state)
{
    (void)state;
    DrvReport whole, one, two, merged;
    run_report(&whole, 0);
    run_report(&one, 1);
    run_report(&two, 2);
    for (int order = 0; order < 2; order++) {
        drv_report_init(&merged);
        assert_int_equal(drv_report_merge(&merged, order ? &two : &one, why,
                                          sizeof why), 0);
        assert_int_equal(drv_report_merge(&merged, order ? &one : &two, why,
                                          sizeof why), 0);
        assert_reports_equal(&whole, &merged, false);
        assert_string_equal(merged.suites[0].name, "a-b");  /* a-b.stan */
        drv_report_free(&merged);
    }
    /* not shards of one run */
    drv_report_init(&merged);
    assert_int_equal(drv_report_merge(&merged, &one, why, sizeof why), 0);
    assert_int_equal(drv_report_merge(&merged, &one, why, sizeof why), -1);
    assert_non_null(strstr(why, "model 'a-b' is in two of the reports"));
    free(two.props[0].value);
    two.props[0].value = strdup("0.2.0");
    assert_int_equal(drv_report_merge(&merged, &two, why, sizeof why), -1);
    assert_non_null(strstr(why, "'version' differs: '0.1.0' and '0.2.0'"));
    assert_int_equal(merged.nsuites, 3);     /* refused before any change */
    drv_report_free(&merged);
    drv_report_free(&whole);
    drv_report_free(&one);
    drv_report_free(&two);
}

/* drv_merge_main with the arguments given (NULL-terminated); its output
 * and errors go to files in fx->dir. */
static int merge(Fixture *fx, char *out, size_t nout, ...)
{
    char *argv[16] = {"merge"};
    int argc = 1;
    va_list ap;
    va_start(ap, nout);
    for (char *a; (a = va_arg(ap, char *));)
        argv[argc++] = a;
    va_end(ap);
    char path[300];
    snprintf(path, sizeof path, "%s/stdout", fx->dir);
    FILE *o = fopen(path, "w+");
    int rc = drv_merge_main(argc, argv, o, o);
    rewind(o);
    size_t n = fread(out, 1, nout - 1, o);
    out[n] = '\0';
    fclose(o);
    unlink(path);
    return rc;
}

static void test_merge_command(void **state)
{
    Fixture *fx = *state;
    DrvReport whole, one, two, back;
    run_report(&whole, 0);
    run_report(&one, 1);
    run_report(&two, 2);
    char p1[300], p2[300], pall[300], pw[300], out[2048];
    snprintf(p1, sizeof p1, "%s", at(fx, "s1.xml"));
    snprintf(p2, sizeof p2, "%s", at(fx, "s2.xml"));
    snprintf(pall, sizeof pall, "%s", at(fx, "all.xml"));
    snprintf(pw, sizeof pw, "%s", at(fx, "whole.xml"));
    assert_int_equal(drv_report_write(&one, p1, NULL, 0, why, sizeof why), 0);
    assert_int_equal(drv_report_write(&two, p2, NULL, 0, why, sizeof why), 0);
    assert_int_equal(drv_report_write(&whole, pw, NULL, 0, why, sizeof why),
                     0);
    assert_int_equal(merge(fx, out, sizeof out, p2, p1, "-o", pall, NULL), 0);
    assert_non_null(strstr(out, "merged 2 reports into"));
    assert_non_null(strstr(out, "5 models, 40 tests, 5 failures, 0 errors, "
                           "10 skipped"));
    /* the merged file is the unsharded run's, byte for byte (the times of
     * this test's runs are equal) */
    size_t na, nw;
    char *a = slurp(pall, &na), *w = slurp(pw, &nw);
    assert_string_equal(a, w);
    free(a);
    free(w);
    drv_report_init(&back);
    assert_int_equal(drv_report_read(&back, pall, why, sizeof why), 0);
    assert_reports_equal(&whole, &back, true);
    drv_report_free(&back);
    /* usage */
    assert_int_equal(merge(fx, out, sizeof out, p1, NULL), 2);
    assert_non_null(strstr(out, "no output given"));
    assert_int_equal(merge(fx, out, sizeof out, "-o", pall, NULL), 2);
    assert_non_null(strstr(out, "no report given"));
    assert_int_equal(merge(fx, out, sizeof out, p1, "-o", NULL), 2);
    assert_int_equal(merge(fx, out, sizeof out, p1, "-o", pall, "-o=x", NULL),
                     2);
    assert_non_null(strstr(out, "twice"));
    assert_int_equal(merge(fx, out, sizeof out, "--bogus", NULL), 2);
    assert_non_null(strstr(out, "unknown option '--bogus'"));
    assert_int_equal(merge(fx, out, sizeof out, "--help", NULL), 0);
    assert_non_null(strstr(out, "Usage: pplbench merge"));
    /* an output that is an input is refused, the input kept */
    size_t n1;
    char *before = slurp(p1, &n1);
    assert_int_equal(merge(fx, out, sizeof out, p1, p2, "-o", p1, NULL), 2);
    assert_non_null(strstr(out, "s1.xml"));
    char *after = slurp(p1, &n1);
    assert_string_equal(before, after);
    free(before);
    free(after);
    /* a bad input: nothing written */
    unlink(pall);
    assert_int_equal(merge(fx, out, sizeof out, p1, p1, "-o", pall, NULL), 2);
    assert_non_null(strstr(out, "in two of the reports"));
    assert_int_equal(access(pall, F_OK), -1);
    assert_int_equal(merge(fx, out, sizeof out, p1, fx->dir, "-o", pall,
                           NULL), 2);
    assert_int_equal(access(pall, F_OK), -1);
    drv_report_free(&whole);
    drv_report_free(&one);
    drv_report_free(&two);
}

static void set_speed(DrvReport *r, const char *model, const char *job,
                      const char *value)
{
    DrvSuite *s = drv_report_find(r, model);
    char name[64];
    snprintf(name, sizeof name, "speed:%s", job);
    for (int i = 0; i < s->nprops; i++)
        if (strcmp(s->props[i].name, name) == 0) {
            free(s->props[i].value);
            s->props[i].value = strdup(value);
            return;
        }
    assert_int_equal(drv_suite_prop(s, name, value, why, sizeof why), 0);
}

static void test_baseline(void **state)
{
    Fixture *fx = *state;
    static const char *const old_jobs[] = {"lcm", "bad", "inline"};
    static const char *const new_jobs[] = {"bad", "lcm", "crash"};
    DrvReport old, cur, back;
    drv_report_init(&old);
    drv_report_init(&cur);
    add_model(&old, "m", old_jobs, 3);
    add_model(&old, "gone", old_jobs, 1);
    add_model(&cur, "m", new_jobs, 3);
    add_model(&cur, "fresh", new_jobs, 1);
    /* in old, bad:gradient failed and lcm:print failed; in cur lcm:print
     * passes (fixed), bad:gradient still fails (not new), crash:* and
     * fresh's bad:gradient are new failures */
    DrvSuite *o = drv_report_find(&old, "m");
    o->cases[2].status = DRV_CASE_FAILED;               /* lcm:print */
    o->cases[2].message = strdup("printed output differs");
    set_speed(&old, "m", "lcm", "1.000");
    set_speed(&cur, "m", "lcm", "1.120");               /* slower */
    set_speed(&old, "m", "bad", "2.000");
    set_speed(&cur, "m", "bad", "2.180");               /* within 10% */
    set_speed(&old, "m", "crash", "x");                 /* not a ratio */
    set_speed(&cur, "m", "crash", "5.000");
    set_speed(&cur, "fresh", "bad", "9.000");           /* no old model */
    DrvBaseline b = {0};
    assert_int_equal(drv_report_baseline(&cur, &old, "old.xml", &b, why,
                                         sizeof why), 0);
    assert_int_equal(b.new_failures, 4 + 1);
    assert_int_equal(b.fixed, 1);
    assert_int_equal(b.slower, 1);
    assert_int_equal(b.nlines, 5 + 1 + 1 + 1);
    assert_string_equal(b.lines[0], "fixed: m lcm:print (was: printed output "
                        "differs)");
    assert_string_equal(b.lines[1], "new failure: m crash:log_density: the "
                        "candidate crashed (SIGSEGV)");
    assert_string_equal(b.lines[5], "new failure: fresh bad:gradient: "
                        "gradient component 2 differs at point 3");
    assert_string_equal(b.lines[6], "slower: m lcm: gradient time ratio "
                        "1.000 -> 1.120 (+12.0%)");
    assert_string_equal(b.lines[7], "baseline old.xml: 5 new failures, 1 "
                        "fixed, 1 slower by more than 10%");
    /* in the report, and so in the file */
    assert_int_equal(drv_report_write(&cur, at(fx, "b.xml"), NULL, 0, why,
                                      sizeof why), 0);
    drv_report_init(&back);
    assert_int_equal(drv_report_read(&back, at(fx, "b.xml"), why, sizeof why),
                     0);
    int news = 0, fixed = 0, slower = 0;
    const char *summary = NULL, *label = NULL;
    for (int i = 0; i < back.nprops; i++) {
        const DrvProperty *p = &back.props[i];
        news += strcmp(p->name, "baseline:new-failure") == 0;
        fixed += strcmp(p->name, "baseline:fixed") == 0
                 && strcmp(p->value, "m lcm:print") == 0;
        slower += strcmp(p->name, "baseline:slower") == 0
                  && strcmp(p->value, "m lcm 1.000 -> 1.120") == 0;
        if (strcmp(p->name, "baseline:summary") == 0)
            summary = p->value;
        if (strcmp(p->name, "baseline") == 0)
            label = p->value;
    }
    assert_int_equal(news, 5);
    assert_int_equal(fixed, 1);
    assert_int_equal(slower, 1);
    assert_string_equal(summary, "5 new failures, 1 fixed, 1 slower by more "
                        "than 10%");
    assert_string_equal(label, "old.xml");
    drv_baseline_free(&b);
    /* a report against itself: nothing changed */
    DrvBaseline same = {0};
    assert_int_equal(drv_report_baseline(&old, &old, "self", &same, why,
                                         sizeof why), 0);
    assert_int_equal(same.new_failures + same.fixed + same.slower, 0);
    assert_int_equal(same.nlines, 1);
    drv_baseline_free(&same);
    drv_report_free(&back);
    drv_report_free(&old);
    drv_report_free(&cur);
}

/* Write the reports of the tests into dir, for tests/report/run.sh to
 * check against tests/report.xsd with xmllint and to merge with pplbench
 * merge: whole.xml, its shards shard1.xml and shard2.xml, hostile.xml,
 * baseline.xml (compared with whole.xml), in the caller's locale. */
static int write_samples(const char *dir)
{
    setlocale(LC_ALL, "");
    DrvReport whole, shard, hostile, cur;
    char path[512];
    run_report(&whole, 0);
    snprintf(path, sizeof path, "%s/whole.xml", dir);
    int rc = drv_report_write(&whole, path, NULL, 0, why, sizeof why);
    for (int k = 1; k <= 2 && rc == 0; k++) {
        run_report(&shard, k);
        snprintf(path, sizeof path, "%s/shard%d.xml", dir, k);
        rc = drv_report_write(&shard, path, NULL, 0, why, sizeof why);
        drv_report_free(&shard);
    }
    hostile_report(&hostile);
    snprintf(path, sizeof path, "%s/hostile.xml", dir);
    if (rc == 0)
        rc = drv_report_write(&hostile, path, NULL, 0, why, sizeof why);
    static const char *const jobs[] = {"lcm", "crash"};
    drv_report_init(&cur);
    add_model(&cur, "a", jobs, 2);
    set_speed(&cur, "a", "lcm", "1.5");
    DrvBaseline b = {0};
    snprintf(path, sizeof path, "%s/baseline.xml", dir);
    if (rc == 0)
        rc = drv_report_baseline(&cur, &whole, "whole.xml", &b, why,
                                 sizeof why);
    if (rc == 0)
        rc = drv_report_write(&cur, path, NULL, 0, why, sizeof why);
    for (int i = 0; rc == 0 && i < b.nlines; i++)
        printf("%s\n", b.lines[i]);
    if (rc != 0)
        fprintf(stderr, "test_report --write: %s\n", why);
    drv_baseline_free(&b);
    drv_report_free(&whole);
    drv_report_free(&hostile);
    drv_report_free(&cur);
    return rc == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write") == 0)
        return write_samples(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_and_counts),
        cmocka_unit_test(test_duplicates_refused),
        cmocka_unit_test_setup_teardown(test_write_read_back, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_hostile_strings, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_c_locale_numbers, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_read_untrusted, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_write_refused, setup_dir,
                                        teardown_dir),
        cmocka_unit_test(test_merge_shards),
        cmocka_unit_test_setup_teardown(test_merge_command, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_baseline, setup_dir,
                                        teardown_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
