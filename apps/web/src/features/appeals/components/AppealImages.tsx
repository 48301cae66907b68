import { Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAppealImage } from '@hxk/contracts/appeals';

/** Shown inline, not as a download: the same file, asked for with the inline disposition. */
export const inlineUrl = (url: string) => (url.includes('disposition=') ? url : `${url}${url.includes('?') ? '&' : '?'}disposition=inline`);

/** The appeal's images as thumbnails; a click opens the preview with all of them. */
export function AppealImages({ images }: { images: TAppealImage[] }) {
  const { t } = useTranslation('appeals');
  if (images.length === 0) return <Typography.Text type="secondary">{t('detail.noImages')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Flex gap={8} wrap data-testid="appeal-images">
        {images.map((img) => (
          <Image key={img.fileId} src={inlineUrl(img.url)} alt={img.name} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}
