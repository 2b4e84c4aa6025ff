import { PROFILE_IMAGE_EXTENSIONS, profileImagesApi } from '@academy/contracts/files';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { call } from '../lib/call.ts';
import { errorMessage } from '../lib/http.ts';
import { PROFILE_IMAGES_TAG, useProfileImages } from '../lib/profile-images.ts';
import { toast } from '../lib/toast.ts';
import { Button } from './light/button.tsx';
import { Spinner } from './light/feedback.tsx';
import { StudentAvatar } from './student-avatar.tsx';

/**
 * Shows a student's photo and lets it be changed: the picture goes up through the files flow
 * (kind `profile`), then the server crops it square, resizes it and strips its EXIF. A student
 * changes their own (`self`), staff any student's. Light components: it sits on the portal home.
 */
export function ProfilePhotoPicker({ userId, name, self }: { userId: number; name: string; self: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const photos = useProfileImages([userId]);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      // The upload code loads once a picture is chosen: the portal home shows this picker to every student.
      const { precheck, uploadFile } = await import('../lib/uploader.ts');
      const problem = precheck(file, 'profile');
      if (problem) return toast.error(problem);
      const stored = await uploadFile({ file, target: { kind: 'profile' }, signal: new AbortController().signal, onProgress: () => {} });
      const body = { fileId: stored.id };
      if (self) await call(profileImagesApi.setMine, { body });
      else await call(profileImagesApi.setForStudent, { params: { id: userId }, body });
      await client.invalidateQueries({ queryKey: [PROFILE_IMAGES_TAG] });
      toast.success('사진을 바꿨습니다');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }} data-testid="profile-photo">
      <StudentAvatar name={name} url={photos.get(userId)} size={64} />
      <Button variant="outlined" size="small" disabled={busy} onClick={() => input.current?.click()} startIcon={busy ? <Spinner size={14} /> : undefined}>
        {photos.has(userId) ? '사진 바꾸기' : '사진 올리기'}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={PROFILE_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
        aria-label={`${name} 프로필 사진 파일`}
        data-testid="profile-photo-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
    </div>
  );
}
