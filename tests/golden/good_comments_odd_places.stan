/* leading */ data /* after keyword */ { // eol
  int /* inside decl */ N; // trailing
  /* before close */ }
model {
  // only a comment
}
/* at the end */
