/* graphviz.c - Graphviz used as its maintainers advise: one GVC_t per
 * process (VizContext), the formats it renders probed once with
 * gvPluginList, gvFreeLayout after every gvLayout and gvFreeRenderData for
 * every rendered buffer; graphs whose objects are numbered in creation
 * order, so the DOT written is the same in every run. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viz_gv.h"

struct VizContext {
    GVC_t *gvc;
    bool dot_layout;        /* the dot layout engine is there */
    bool device[3];         /* by VizFormat: a renderer is there */
};

/* Whether gvPluginList(gvc, kind) names name ("png", or "png:cairo"). */
static bool has_plugin(GVC_t *gvc, const char *kind, const char *name)
{
    int n = 0;
    char **list = gvPluginList(gvc, kind, &n, NULL);
    bool found = false;
    size_t k = strlen(name);
    for (int i = 0; i < n; i++) {
        if (list[i] && strncmp(list[i], name, k) == 0
            && (list[i][k] == '\0' || list[i][k] == ':'))
            found = true;
        free(list[i]);
    }
    free(list);
    return found;
}

VizContext *viz_open(void)
{
    VizContext *vc = calloc(1, sizeof *vc);
    if (!vc)
        return NULL;
    vc->gvc = gvContext();
    if (!vc->gvc) {
        free(vc);
        return NULL;
    }
    vc->dot_layout = has_plugin(vc->gvc, "layout", "dot");
    vc->device[VIZ_DOT] = true;     /* agwrite: no plugin needed */
    vc->device[VIZ_SVG] = has_plugin(vc->gvc, "device", "svg");
    vc->device[VIZ_PNG] = has_plugin(vc->gvc, "device", "png");
    return vc;
}

void viz_close(VizContext *vc)
{
    if (!vc)
        return;
    gvFreeContext(vc->gvc);
    free(vc);
}

bool viz_can_render(const VizContext *vc, VizFormat f)
{
    if (f == VIZ_DOT)
        return true;
    return vc && vc->dot_layout && vc->device[f];
}

bool viz_format_of_path(const char *file, VizFormat *f)
{
    static const struct { const char *ext; VizFormat f; } exts[] = {
        {".dot", VIZ_DOT}, {".gv", VIZ_DOT}, {".svg", VIZ_SVG},
        {".png", VIZ_PNG},
    };
    for (size_t i = 0; i < sizeof exts / sizeof *exts; i++) {
        if (name_has_suffix(file, exts[i].ext)) {
            *f = exts[i].f;
            return true;
        }
    }
    return false;
}

const char *viz_format_name(VizFormat f)
{
    switch (f) {
    case VIZ_DOT: return "dot";
    case VIZ_SVG: return "svg";
    case VIZ_PNG: return "png";
    }
    return "?";
}

void viz_picture_free(VizPicture *pic)
{
    if (!pic || !pic->data)
        return;
    if (pic->from_gvc)
        gvFreeRenderData(pic->data);
    else
        free(pic->data);
    pic->data = NULL;
    pic->len = 0;
}

/* ---- ids in creation order ----
 * cgraph's default id discipline makes a named object's id the address of
 * its name, and agwrite writes subgraphs in id order: the order of sibling
 * clusters would follow malloc.  This discipline numbers names in the order
 * they are first mapped (even ids; anonymous objects get odd ones) and
 * keeps them itself: cgraph's own map for names its discipline does not
 * map leaks its entries at agclose (Graphviz 2.43). */

typedef struct IdName {
    int objtype;            /* AGRAPH, AGNODE, AGEDGE; -1 once freed */
    char *name;             /* agstrdup'd: agwrite reads it as cgraph's */
} IdName;

typedef struct IdTable {
    Agraph_t *root;
    IdName *names;          /* name i has id 2 * (i + 1) */
    size_t n, cap;
    IDTYPE next_anonymous;  /* odd */
} IdTable;

static void *id_open(Agraph_t *g, Agdisc_t *disc)
{
    (void)disc;
    IdTable *t = calloc(1, sizeof *t);
    if (t) {
        t->root = g;
        t->next_anonymous = 1;
    }
    return t;
}

static long id_map(void *state, int objtype, char *str, IDTYPE *id,
                   int createflag)
{
    IdTable *t = state;
    if (!t)
        return 0;
    if (!str) {
        *id = t->next_anonymous;
        t->next_anonymous += 2;
        return 1;
    }
    for (size_t i = 0; i < t->n; i++)
        if (t->names[i].objtype == objtype
            && strcmp(t->names[i].name, str) == 0) {
            *id = 2 * (IDTYPE)(i + 1);
            return 1;
        }
    if (!createflag)
        return 0;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 32;
        IdName *grown = realloc(t->names, cap * sizeof *grown);
        if (!grown)
            return 0;
        t->names = grown;
        t->cap = cap;
    }
    char *name = agstrdup(t->root, str);
    if (!name)
        return 0;
    t->names[t->n] = (IdName){objtype, name};
    *id = 2 * (IDTYPE)(++t->n);
    return 1;
}

static long id_alloc(void *state, int objtype, IDTYPE id)
{
    (void)state;
    (void)objtype;
    (void)id;
    return 0;
}

/* The name with this id, or NULL. */
static IdName *id_entry(IdTable *t, int objtype, IDTYPE id)
{
    if (!t || id == 0 || id % 2 != 0 || id / 2 > t->n)
        return NULL;
    IdName *e = &t->names[id / 2 - 1];
    return e->objtype == objtype ? e : NULL;
}

static void id_free(void *state, int objtype, IDTYPE id)
{
    IdTable *t = state;
    IdName *e = id_entry(t, objtype, id);
    if (e) {
        agstrfree(t->root, e->name);
        e->objtype = -1;
    }
}

static char *id_print(void *state, int objtype, IDTYPE id)
{
    IdName *e = id_entry(state, objtype, id);
    return e ? e->name : NULL;
}

static void id_close(void *state)
{
    IdTable *t = state;
    /* the names left are cgraph's strings, freed with its string table */
    if (t)
        free(t->names);
    free(t);
}

static void id_register(void *state, int objtype, void *obj)
{
    (void)state;
    (void)objtype;
    (void)obj;
}

static Agiddisc_t creation_order_ids = {
    id_open, id_map, id_alloc, id_free, id_print, id_close, id_register
};

/* cgraph keeps the pointer; no field is ever changed (cgraph's types are
 * not const) */
static Agdisc_t creation_order_disc = {&AgMemDisc, &creation_order_ids,
                                       &AgIoDisc};

Agraph_t *viz_graph_open(const char *name)
{
    /* agwrite writes names as they are (a backslash last breaks the DOT):
     * only letters, digits and '_' */
    char id[64];
    size_t n = 0;
    for (; name && name[n] && n < sizeof id - 1; n++) {
        unsigned char c = (unsigned char)name[n];
        id[n] = (c < 0x80 && (isalnum(c) || c == '_')) ? (char)c : '_';
    }
    id[n] = '\0';
    return agopen(n ? id : "graph", Agdirected, &creation_order_disc);
}

void viz_set(void *obj, const char *attr, const char *value)
{
    agsafeset(obj, (char *)attr, (char *)value, "");
}

bool viz_set_label(void *obj, const char *attr, const char *raw,
                   int max_chars)
{
    char *text = viz_label_escape(raw, max_chars);
    if (!text)
        return false;
    viz_set(obj, attr, text);
    free(text);
    return true;
}

bool viz_set_two_lines(void *obj, const char *first, int max1,
                       const char *second, int max2)
{
    char *a = viz_label_escape(first, max1);
    char *b = second ? viz_label_escape(second, max2) : NULL;
    size_t n = (a ? strlen(a) : 0) + (b ? strlen(b) : 0) + 3;
    char *text = malloc(n);
    bool ok = a && (!second || b) && text;
    if (ok) {
        snprintf(text, n, "%s%s%s", a, b ? "\\n" : "", b ? b : "");
        viz_set(obj, "label", text);
    }
    free(a);
    free(b);
    free(text);
    return ok;
}

int viz_write_dot(Agraph_t *g, VizPicture *pic, char *why, size_t n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) {
        snprintf(why, n, "cannot write the graph: %s", strerror(errno));
        return -1;
    }
    int rc = agwrite(g, mem);
    if (fclose(mem) != 0 || rc != 0) {
        free(buf);
        snprintf(why, n, "cannot write the graph as DOT");
        return -1;
    }
    pic->format = VIZ_DOT;
    pic->data = buf;
    pic->len = len;
    pic->from_gvc = false;
    return 0;
}

int viz_render(VizContext *vc, Agraph_t *g, VizFormat want, VizPicture *pic,
               char *why, size_t n)
{
    VizFormat f = want;
    if (f == VIZ_PNG && !viz_can_render(vc, f))
        f = VIZ_SVG;
    if (f == VIZ_SVG && !viz_can_render(vc, f))
        f = VIZ_DOT;
    if (f == VIZ_DOT)
        return viz_write_dot(g, pic, why, n);
    if (gvLayout(vc->gvc, g, "dot") != 0)
        return viz_write_dot(g, pic, why, n);
    char *data = NULL;
    unsigned int len = 0;
    int rc = gvRenderData(vc->gvc, g, viz_format_name(f), &data, &len);
    gvFreeLayout(vc->gvc, g);
    if (rc != 0 || !data) {
        /* the plugin was listed but did not render: still write the graph */
        if (data)
            gvFreeRenderData(data);
        return viz_write_dot(g, pic, why, n);
    }
    pic->format = f;
    pic->data = data;
    pic->len = len;
    pic->from_gvc = true;
    return 0;
}
