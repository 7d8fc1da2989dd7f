/* test_build.c - drv_compile_c: C in, a running executable out; a broken
 * file, a missing compiler and a missing runtime give clear errors; the
 * runtime is found in both layouts (build tree, make install).
 *
 * driver/ is in no library the unit tests link, so build.c is included
 * here.  The runtime is this build's own: this test lives in
 * $(BUILD)/tests/, libpplrt.a in $(BUILD)/ and pplrt.h in runtime/ beside
 * $(BUILD), as for $(BUILD)/pplbench; `make` must have built libpplrt.a. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <ftw.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "../../driver/build.c"

/* Paths of one run of the tests, malloc'd. */
typedef struct Fixture {
    char *tmp;          /* a fresh directory, removed at the end */
    char *include_dir;  /* <repo>/runtime */
    char *lib_dir;      /* $(BUILD) */
} Fixture;

/* -------------------------------------------------------- helpers */

static int remove_entry(const char *path, const struct stat *sb, int flag,
                        struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static char *tmp_path(const Fixture *f, const char *name)
{
    char *p = path_join(f->tmp, name);
    assert_non_null(p);
    return p;
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
}

static bool exists(const char *path)
{
    return access(path, F_OK) == 0;
}

/* The temporaries EXE.XXXXXX left beside the executable named BASE in
 * f->tmp (the C file BASE.c does not count). */
static int temporaries(const Fixture *f, const char *base)
{
    DIR *d = opendir(f->tmp);
    assert_non_null(d);
    size_t n = strlen(base);
    int count = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strncmp(e->d_name, base, n) == 0 && e->d_name[n] == '.'
            && strcmp(e->d_name + n, ".c") != 0)
            count++;
    closedir(d);
    return count;
}

/* Contents of an open memstream's buffer after closing it. */
typedef struct Captured {
    char *text;
    size_t len;
    FILE *fp;
} Captured;

static void capture_open(Captured *c)
{
    *c = (Captured){0};
    c->fp = open_memstream(&c->text, &c->len);
    assert_non_null(c->fp);
}

static void capture_close(Captured *c)
{
    assert_int_equal(fclose(c->fp), 0);
    c->fp = NULL;
}

static void assert_contains(const char *text, const char *want)
{
    if (!strstr(text, want))
        fail_msg("expected \"%s\" in:\n%s", want, text);
}

/* The options of every test: this build's runtime, named explicitly. */
static DrvBuildOptions options(const Fixture *f)
{
    return (DrvBuildOptions){.runtime_include_dir = f->include_dir,
                             .runtime_lib_dir = f->lib_dir};
}

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    char *tests_dir = self_dir(); /* $(BUILD)/tests */
    assert_non_null(tests_dir);
    f->lib_dir = parent_dir(tests_dir);
    char *repo = parent_dir(f->lib_dir);
    f->include_dir = path_join(repo, "runtime");
    free(repo);
    free(tests_dir);
    if (!readable_in(f->lib_dir, "libpplrt.a")) {
        fprintf(stderr, "%s/libpplrt.a is missing: run make first\n",
                f->lib_dir);
        free(f->lib_dir);
        free(f->include_dir);
        free(f);
        return -1;
    }
    const char *tmpdir = getenv("TMPDIR");
    f->tmp = path_join(tmpdir && *tmpdir ? tmpdir : "/tmp",
                       "pplbench_test_build.XXXXXX");
    assert_non_null(f->tmp);
    assert_non_null(mkdtemp(f->tmp));
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    nftw(f->tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(f->tmp);
    free(f->include_dir);
    free(f->lib_dir);
    free(f);
    return 0;
}

/* ----------------------------------------------------------- tests */

/* A program that calls the runtime compiles, links and runs. */
static void test_compiles_links_and_runs(void **state)
{
    const Fixture *f = *state;
    char *c_file = tmp_path(f, "model.c");
    char *exe = tmp_path(f, "model");
    write_file(c_file, "#include \"pplrt.h\"\n"
                       "int main(void)\n"
                       "{\n"
                       "    double lj = 1.0;\n"
                       "    double y = rt_lb_constrain(0.5, 1.0, &lj);\n"
                       "    printf(\"y=%.6f lj=%.6f\\n\", y, lj);\n"
                       "    return 0;\n"
                       "}\n");
    double seconds = -1.0;
    DrvBuildOptions o = options(f);
    o.compile_seconds = &seconds;
    Captured err;
    capture_open(&err);
    int rc = drv_compile_c(c_file, exe, &o, err.fp);
    capture_close(&err);
    if (rc != 0)
        fail_msg("drv_compile_c failed:\n%s", err.text);
    assert_int_equal(err.len, 0);
    assert_true(seconds > 0.0);
    assert_true(exists(exe));
    assert_int_equal(temporaries(f, "model"), 0);

    /* y = lb + exp(x) = 1 + e^0.5; lj accumulates log|J| = x = 0.5 */
    FILE *run = popen(exe, "r");
    assert_non_null(run);
    char line[128] = "";
    assert_non_null(fgets(line, sizeof line, run));
    assert_int_equal(pclose(run), 0);
    assert_string_equal(line, "y=2.648721 lj=1.500000\n");
    free(err.text);
    free(c_file);
    free(exe);
}

/* A syntax error: the compiler's own words and the file's name, no new
 * executable, the old one left as it was, no temporary left behind. */
static void test_syntax_error_reports_compiler_output(void **state)
{
    const Fixture *f = *state;
    char *c_file = tmp_path(f, "broken.c");
    char *exe = tmp_path(f, "broken");
    write_file(c_file, "#include \"pplrt.h\"\n"
                       "int main(void) { return 0 }\n");
    write_file(exe, "old\n");
    DrvBuildOptions o = options(f);
    Captured err;
    capture_open(&err);
    int rc = drv_compile_c(c_file, exe, &o, err.fp);
    capture_close(&err);
    assert_int_not_equal(rc, 0);
    char want[4096];
    snprintf(want, sizeof want, "Error: the C compiler failed on %s (exit ",
             c_file);
    assert_contains(err.text, want);
    assert_contains(err.text, "broken.c:2:"); /* the compiler's diagnostic */
    assert_contains(err.text, "error");
    assert_contains(err.text, "Command: ");
    assert_int_equal(temporaries(f, "broken"), 0);
    FILE *fp = fopen(exe, "r");
    assert_non_null(fp);
    char line[16] = "";
    assert_non_null(fgets(line, sizeof line, fp));
    fclose(fp);
    assert_string_equal(line, "old\n");
    free(err.text);
    free(c_file);
    free(exe);
}

/* An executable that would replace its C file (here through a link) or
 * a protected input is refused before the compiler runs; both are left
 * as they were. */
static void test_refuses_to_replace_inputs(void **state)
{
    const Fixture *f = *state;
    char *c_file = tmp_path(f, "in.c");
    char *link = tmp_path(f, "in");
    char *model = tmp_path(f, "in.stan");
    write_file(c_file, "int main(void) { return 0; }\n");
    write_file(model, "model { }\n");
    assert_int_equal(symlink("in.c", link), 0);
    DrvBuildOptions o = options(f);
    Captured err;
    capture_open(&err);
    int rc = drv_compile_c(c_file, link, &o, err.fp);
    capture_close(&err);
    assert_int_not_equal(rc, 0);
    char want[4096];
    snprintf(want, sizeof want, "Error: refusing to write %s: it is the same "
             "file as the input %s\n", link, c_file);
    assert_string_equal(err.text, want);
    free(err.text);

    const char *inputs[] = {model};
    o.protect = inputs;
    o.nprotect = 1;
    capture_open(&err);
    rc = drv_compile_c(c_file, model, &o, err.fp);
    capture_close(&err);
    assert_int_not_equal(rc, 0);
    snprintf(want, sizeof want, "Error: refusing to write %s: it is the same "
             "file as the input %s\n", model, model);
    assert_string_equal(err.text, want);
    free(err.text);

    FILE *fp = fopen(c_file, "r");
    char line[64] = "";
    assert_non_null(fp);
    assert_non_null(fgets(line, sizeof line, fp));
    fclose(fp);
    assert_string_equal(line, "int main(void) { return 0; }\n");
    assert_int_equal(temporaries(f, "in"), 1);      /* in.stan */
    remove(link);
    free(c_file);
    free(link);
    free(model);
}

/* A device is written in place, never replaced by a rename. */
static void test_device_output_written_in_place(void **state)
{
    const Fixture *f = *state;
    char *c_file = tmp_path(f, "null.c");
    write_file(c_file, "int main(void) { return 0; }\n");
    /* as root a regression would replace the system's /dev/null: a node
     * of our own when we may make one */
    char *node = tmp_path(f, "null");
    const char *null = "/dev/null";
    if (geteuid() == 0 && mknod(node, S_IFCHR | 0666, makedev(1, 3)) == 0)
        null = node;
    DrvBuildOptions o = options(f);
    Captured err;
    capture_open(&err);
    int rc = drv_compile_c(c_file, null, &o, err.fp);
    capture_close(&err);
    if (rc != 0)
        fail_msg("drv_compile_c failed:\n%s", err.text);
    struct stat st;
    assert_int_equal(stat(null, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    remove(node);
    free(node);
    free(err.text);
    free(c_file);
}

/* CC names no program: say so, naming it. */
static void test_missing_compiler(void **state)
{
    const Fixture *f = *state;
    char *c_file = tmp_path(f, "never.c");
    char *exe = tmp_path(f, "never");
    write_file(c_file, "int main(void) { return 0; }\n");
    const char *old = getenv("CC");
    char *saved = old ? strdup(old) : NULL;
    assert_int_equal(setenv("CC", "/nonexistent/cc", 1), 0);
    DrvBuildOptions o = options(f);
    Captured err;
    capture_open(&err);
    int rc = drv_compile_c(c_file, exe, &o, err.fp);
    capture_close(&err);
    if (saved)
        setenv("CC", saved, 1);
    else
        unsetenv("CC");
    free(saved);
    assert_int_not_equal(rc, 0);
    assert_contains(err.text, "Error: cannot run the C compiler "
                              "'/nonexistent/cc' on ");
    assert_contains(err.text, "No such file or directory");
    assert_false(exists(exe));
    free(err.text);
    free(c_file);
    free(exe);
}

/* An explicit runtime location without the runtime in it. */
static void test_missing_runtime(void **state)
{
    const Fixture *f = *state;
    char *c_file = tmp_path(f, "never.c");
    char *exe = tmp_path(f, "never");
    write_file(c_file, "int main(void) { return 0; }\n");
    DrvBuildOptions o = {.runtime_include_dir = f->tmp,
                         .runtime_lib_dir = f->lib_dir};
    Captured err;
    capture_open(&err);
    int rc = drv_compile_c(c_file, exe, &o, err.fp);
    capture_close(&err);
    assert_int_not_equal(rc, 0);
    assert_contains(err.text, "Error: the pplbench runtime is not complete");
    assert_contains(err.text, "pplrt.h");
    free(err.text);
    free(c_file);
    free(exe);
}

/* Under f->tmp, make each path that ends in '/' as directories (parents
 * first) and each other path as an empty file. */
static void make_layout(const Fixture *f, const char *const *paths, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *p = tmp_path(f, paths[i]);
        size_t len = strlen(p);
        if (p[len - 1] == '/') {
            for (char *s = p + strlen(f->tmp) + 1; *s; s++) {
                if (*s == '/') {
                    *s = '\0';
                    mkdir(p, 0777);
                    *s = '/';
                }
            }
        } else {
            write_file(p, "");
        }
        free(p);
    }
}

/* The two layouts of build.h, found from the executable's directory. */
static void test_finds_installed_and_build_tree_runtime(void **state)
{
    const Fixture *f = *state;
    static const char *const tree[] = {
        "prefix/bin/", "prefix/lib/", "prefix/include/pplbench/",
        "prefix/lib/libpplrt.a", "prefix/include/pplbench/pplrt.h",
        "repo/build/", "repo/runtime/", "repo/build/libpplrt.a",
        "repo/runtime/pplrt.h", "lonely/bin/",
    };
    make_layout(f, tree, sizeof tree / sizeof tree[0]);
    char *inc = NULL, *lib = NULL;

    char *bin = tmp_path(f, "prefix/bin");
    char *want_inc = tmp_path(f, "prefix/include/pplbench");
    char *want_lib = tmp_path(f, "prefix/lib");
    assert_int_equal(find_runtime(bin, &inc, &lib), 0);
    assert_string_equal(inc, want_inc);
    assert_string_equal(lib, want_lib);
    free(inc);
    free(lib);
    free(bin);
    free(want_inc);
    free(want_lib);

    char *build = tmp_path(f, "repo/build");
    want_inc = tmp_path(f, "repo/runtime");
    assert_int_equal(find_runtime(build, &inc, &lib), 0);
    assert_string_equal(inc, want_inc);
    assert_string_equal(lib, build);
    free(inc);
    free(lib);
    free(build);
    free(want_inc);

    char *lonely = tmp_path(f, "lonely/bin");
    assert_int_equal(find_runtime(lonely, &inc, &lib), -1);
    free(lonely);
}

/* Words split at white space; parent_dir at the root. */
static void test_helpers(void **state)
{
    (void)state;
    ArgList a = {0};
    assert_true(args_push_words(&a, "  ccache\tgcc  -m64 "));
    assert_int_equal(a.len, 3);
    assert_string_equal(a.items[0], "ccache");
    assert_string_equal(a.items[1], "gcc");
    assert_string_equal(a.items[2], "-m64");
    assert_null(a.items[3]);
    assert_true(args_push_words(&a, NULL));
    assert_int_equal(a.len, 3);
    args_free(&a);
    char *p = parent_dir("/pplbench");
    assert_string_equal(p, "/");
    free(p);
    p = parent_dir("/usr/local/bin");
    assert_string_equal(p, "/usr/local");
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compiles_links_and_runs),
        cmocka_unit_test(test_syntax_error_reports_compiler_output),
        cmocka_unit_test(test_refuses_to_replace_inputs),
        cmocka_unit_test(test_device_output_written_in_place),
        cmocka_unit_test(test_missing_compiler),
        cmocka_unit_test(test_missing_runtime),
        cmocka_unit_test(test_finds_installed_and_build_tree_runtime),
        cmocka_unit_test(test_helpers),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
