module listed

go 1.26
