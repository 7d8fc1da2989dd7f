transformed data {
  real x = 0;
  for (i in 1:3)
    x += i;
  if (x > 1)
    x = 1;
  else
    x = 2;
  while (x > 0)
    x -= 1;
}
