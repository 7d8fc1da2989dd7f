// the user guide's example of copy propagation
model {
  int i = 1;
  int j = i;
  int k = i + j;
}
