/* ast.h - the abstract syntax tree of a Stan program.
 *
 * Nodes are tagged unions with a shared header (kind, span); the typechecker
 * fills the type and the AD level of expressions in place.  All nodes live in
 * the compilation unit's arena. */
#ifndef PPL_AST_H
#define PPL_AST_H

#include <stdbool.h>

#include "arena.h"
#include "source.h"
#include "types.h"

typedef enum ExprKind {
#define EXPR(k, s) k,
#include "ast.def"
#undef EXPR
    EX__COUNT
} ExprKind;

typedef enum StmtKind {
#define STMT(k, s) k,
#include "ast.def"
#undef STMT
    ST__COUNT
} StmtKind;

/* Operators, in the order of the Reference Manual's precedence table. */
typedef enum Op {
    OP_NONE,
    OP_OR, OP_AND,                           /* ||  && */
    OP_EQ, OP_NEQ,                           /* ==  != */
    OP_LT, OP_LEQ, OP_GT, OP_GEQ,            /* <  <=  >  >= */
    OP_ADD, OP_SUB,                          /* +  - */
    OP_MUL, OP_DIV, OP_IDIV, OP_MOD,         /* *  /  %/%  % */
    OP_LDIV,                                 /* \ */
    OP_EMUL, OP_EDIV,                        /* .*  ./ */
    OP_NOT, OP_NEG, OP_PLUS,                 /* prefix !  -  + */
    OP_POW, OP_EPOW,                         /* ^  .^ */
    OP_TRANSPOSE                             /* postfix ' */
} Op;

/* The spelling of an operator ("+", "%/%", "'"). */
const char *ast_op_str(Op op);
/* stanc3's name for the operator's function (add, elt_multiply, ...), used
 * in signature lookup and messages. */
const char *ast_op_name(Op op, bool prefix);

typedef enum AssignOp {
    ASSIGN_EQ,       /* = */
    ASSIGN_ADD, ASSIGN_SUB, ASSIGN_MUL, ASSIGN_DIV, ASSIGN_EMUL, ASSIGN_EDIV,
    ASSIGN_ARROW     /* <- : removed syntax */
} AssignOp;

const char *ast_assign_op_str(AssignOp op);

typedef struct Expr Expr;
typedef struct Stmt Stmt;

typedef enum IndexKind {
    IDX_ALL,       /* :            */
    IDX_SINGLE,    /* e (int)      ; e (int array) becomes IDX_MULTI */
    IDX_MULTI,     /* e of type array[] int, set by the checker */
    IDX_UPPER,     /* :e           */
    IDX_LOWER,     /* e:           */
    IDX_BETWEEN    /* e1:e2        */
} IndexKind;

typedef struct Index {
    IndexKind kind;
    Expr *lo, *hi;  /* SINGLE/MULTI/LOWER: lo; UPPER: hi; BETWEEN: both */
} Index;

struct Expr {
    ExprKind kind;
    Span span;
    const Type *type;   /* set by the checker */
    AdLevel ad;         /* set by the checker */
    union {
        /* EX_INT EX_REAL EX_IMAG EX_STRING EX_TUPLE_PROJ (text = digits) */
        const char *text;
        /* EX_VAR EX_CALL EX_COND_CALL (name = function) */
        const char *name;
    };
    Op op;               /* EX_BINARY EX_PREFIX EX_POSTFIX */
    Expr *lhs, *rhs;     /* EX_BINARY, EX_PREFIX/POSTFIX/PAREN/PROMOTE/INDEX/
                            TUPLE_PROJ (lhs), EX_TERNARY (lhs, rhs) */
    Expr *cond;          /* EX_TERNARY */
    Expr **args;         /* EX_CALL EX_COND_CALL EX_*_EXPR */
    int nargs;
    Index *indices;      /* EX_INDEX */
    int nindices;
    Span name_span;      /* EX_CALL EX_COND_CALL: the function name */
    int nesting;         /* levels of expression from this node down to its
                            deepest leaf (1 for a leaf), set by the parser */
    /* set by the checker */
    bool is_user_fn;     /* EX_CALL: calls a user-defined function */
    int var_origin;      /* EX_VAR: the Origin of the variable (tc_internal.h) */
};

/* Constraints and transforms of a declaration (Reference Manual,
 * "Constrained data types"). */
typedef enum TransformKind {
    TR_NONE,
    TR_LOWER, TR_UPPER, TR_LOWER_UPPER,        /* a, b */
    TR_OFFSET, TR_MULTIPLIER, TR_OFFSET_MULTIPLIER,
    TR_SIMPLEX, TR_UNIT_VECTOR, TR_SUM_TO_ZERO_VECTOR, TR_SUM_TO_ZERO_MATRIX,
    TR_ORDERED, TR_POSITIVE_ORDERED,
    TR_CHOLESKY_CORR, TR_CHOLESKY_COV, TR_CORR_MATRIX, TR_COV_MATRIX,
    TR_STOCHASTIC_ROW, TR_STOCHASTIC_COLUMN
} TransformKind;

typedef struct Transform {
    TransformKind kind;
    Expr *a, *b;        /* lower/offset in a; upper/multiplier in b */
} Transform;

/* A declared type with sizes and constraints.  For the constrained matrix
 * and vector types, `keyword` is the type name as written ("simplex",
 * "cov_matrix") and kind is the underlying unsized kind. */
typedef struct SizedType SizedType;
struct SizedType {
    TypeKind kind;          /* base kind, TY_ARRAY or TY_TUPLE */
    Span span;
    Transform tr;
    const char *keyword;    /* "vector", "simplex", "cholesky_factor_cov" */
    Expr *size[2];          /* vector[n], matrix[r, c], cov_matrix[k] */
    int nsizes;             /* sizes written (cholesky_factor_cov: 1 or 2) */
    SizedType *elem;        /* TY_ARRAY: element type */
    Expr **dims;            /* TY_ARRAY: array sizes */
    int ndims;
    SizedType **items;      /* TY_TUPLE */
    int nitems;
    bool old_array_syntax;  /* declared as `real x[N]` (removed syntax) */
};

/* `@name` or `@name(args...)`: text is everything after the @. */
typedef struct Annotation {
    const char *text;
    const char *name;   /* the identifier part */
    Span span;
} Annotation;

typedef struct VarDecl {
    const char *name;
    Span name_span;
    SizedType *type;
    Expr *init;          /* declare-define, or NULL */
    Annotation *annots;
    int nannots;
    bool is_global;      /* declared at the top level of a program block */
    const Type *utype;   /* set by the checker */
} VarDecl;

typedef struct Param {
    bool data_only;
    const Type *type;    /* unsized type as written */
    Span type_span;
    const char *name;
    Span name_span;
} Param;

typedef struct FunDef {
    const Type *ret;     /* TY_VOID for void */
    Span ret_span;
    const char *name;
    Span name_span;
    Param *params;
    int nparams;
    Stmt *body;          /* NULL for a forward declaration */
    Annotation *annots;
    int nannots;
} FunDef;

struct Stmt {
    StmtKind kind;
    Span span;
    Expr *lhs, *rhs;     /* ASSIGN, TILDE (lhs), TARGET_PE (rhs), RETURN,
                            FOREACH (rhs = container) */
    Expr *expr;          /* CALL */
    AssignOp aop;        /* ASSIGN */
    const char *name;    /* TILDE distribution, FOR/FOREACH loop variable,
                            PROFILE name, INCLUDE path */
    Span name_span;
    Expr **args;         /* TILDE, PRINT, REJECT, FATAL_ERROR */
    int nargs;
    Expr *trunc_lo, *trunc_hi; /* TILDE: T[lo, hi]; either may be NULL */
    bool truncated;      /* TILDE: a T[...] was written */
    Expr *cond;          /* IF, WHILE */
    Expr *lo, *hi;       /* FOR */
    Stmt *body, *else_body;  /* IF, WHILE, FOR, FOREACH */
    Stmt **stmts;        /* BLOCK, PROFILE */
    int nstmts;
    VarDecl *decl;       /* DECL */
    FunDef *fundef;      /* FUNDEF */
    int file;            /* the source file the statement came from */
    bool from_include;   /* came from a #include of the enclosing file */
};

typedef enum BlockKind {
    BLK_FUNCTIONS,
    BLK_DATA,
    BLK_TRANSFORMED_DATA,
    BLK_PARAMETERS,
    BLK_TRANSFORMED_PARAMETERS,
    BLK_MODEL,
    BLK_GENERATED_QUANTITIES,
    BLK__COUNT
} BlockKind;

/* "transformed data" etc.: the block's keyword as written in a program. */
const char *ast_block_name(BlockKind b);

typedef struct Block {
    bool present;
    Span span;
    Stmt **stmts;
    int nstmts;
} Block;

typedef struct Comment {
    Span span;
    const char *text;     /* as written, with its comment markers */
    bool hash;            /* a removed-syntax # comment */
} Comment;

typedef struct Program {
    Block blocks[BLK__COUNT];
    Comment *comments;    /* of the main file, in source order */
    int ncomments;
    bool is_functions_file;  /* a .stanfunctions file: a bare function list */
} Program;

const char *ast_expr_kind_name(ExprKind k);
const char *ast_stmt_kind_name(StmtKind k);

/* Constructors: zeroed nodes from the arena. */
Expr *ast_new_expr(Arena *a, ExprKind k, Span span);
Stmt *ast_new_stmt(Arena *a, StmtKind k, Span span);

/* The unsized type of a declaration (array of vector, ...). */
const Type *ast_sized_to_type(Arena *a, const SizedType *st);

/* S-expression dump of the tree for --debug-ast (after checking, with types). */
void ast_dump(FILE *out, const Program *p);

#endif
