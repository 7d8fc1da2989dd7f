transformed data {
  real x = 1;
  {
    real y = 2;
    {
      real z = x + y;
      print(z);
    }
  }
}
