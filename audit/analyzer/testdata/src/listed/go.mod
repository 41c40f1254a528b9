module listed

go 1.26

require example.com/localmod v0.0.0

replace example.com/localmod => ./localmod
