module github.com/toolresult-protocol/toolresult/implementations/go

go 1.19
