package images_test

import (
	"fmt"
	"image"
	"image/color"

	"github.com/agentschema/agentschema/pkg/images"
	"github.com/agentschema/agentschema/pkg/models"
)

func ExampleFromImage() {
	src := image.NewRGBA(image.Rect(0, 0, 2, 2))
	src.Set(0, 0, color.RGBA{R: 255, A: 255})
	img, err := images.FromImage(src)
	if err != nil {
		panic(err)
	}
	w, h := img.Size()
	fmt.Println(img.Format(), w, h)
	msg := models.NewMultiModalUserMessage("user", models.TextItem("What is in the corner?"), models.ImageItem(img))
	fmt.Println(len(msg.Content.Parts))
	// Output:
	// PNG 2 2
	// 2
}

func ExampleFromDataURI() {
	_, err := images.FromDataURI("data:image/gif;base64,R0lGODlh")
	fmt.Println(err)
	// Output:
	// images: Invalid URI format. It should be a base64 encoded image URI.
}
