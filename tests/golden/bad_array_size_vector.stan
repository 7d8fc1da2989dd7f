data {
  vector[2] s;
  array[s] real a;
}
