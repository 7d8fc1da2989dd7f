transformed data {
  real    x   =   1   ;
  array [ 2 ]  int   a  =  { 1 ,2 } ;
  vector  < lower = 0 > [ 2 ] v = [ 1 , 2 ] ' ;
}
