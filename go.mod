module github.com/lps2lts/lps2lts

go 1.26.8

require (
	github.com/cespare/xxhash/v2 v2.3.0
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
)

require github.com/inconshreveable/mousetrap v1.1.0 // indirect
