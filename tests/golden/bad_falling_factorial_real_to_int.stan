// falling_factorial(int, int) is an int, falling_factorial(real, int) a
// real (stanc3's signature table; Functions Reference, "Combinatorial
// functions"): a real first argument cannot give an int.
transformed data {
  int k = falling_factorial(5.0, 2);
}
